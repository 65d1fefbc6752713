// The "Practice" filter of the submissions list and the work queue (decision 127): every
// practice that onboarded together, or all submissions. A failed read leaves only "All".
import type { SelectHTMLAttributes } from 'react';
import type { StaffPracticeList } from '../../../schema/practice-admin-api.ts';
import { inputClass } from '../../ui/field.tsx';
import type { Settled } from '../dashboard/staff-api.ts';
import { practiceLabel } from './practice-desk-api.ts';

export function PracticeSelect({
  practices,
  ...props
}: { practices: Settled<StaffPracticeList> } & SelectHTMLAttributes<HTMLSelectElement>) {
  const listed = practices.ok ? practices.data.practices : [];
  return (
    <select {...props} className={inputClass}>
      <option value="">All practices and lone applications</option>
      {listed.map((p) => (
        <option key={p.id} value={p.id}>
          {practiceLabel(p)}
        </option>
      ))}
    </select>
  );
}
