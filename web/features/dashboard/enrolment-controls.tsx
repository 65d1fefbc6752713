// The enrolment desk's controls (decision 088) that one scheme's fields (enrolment-fields.tsx)
// and the work queue (its filter and bulk change) share: the reason that goes with a status, the
// owner, and the provider number with its effective date. Native selects and inputs placed in a
// Field, which passes its id and descriptions through; `first` is the option with the value ''
// (each screen says what '' means there: no reason, nobody yet, keep each one's, anyone).
import type { SelectHTMLAttributes } from 'react';
import { ENROLMENT_REASON_RULES, type EnrolmentReason } from '../../../schema/enrolment.ts';
import type { StaffMember } from '../../../schema/enrolment-api.ts';
import { Field, inputClass } from '../../ui/field.tsx';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'children'> & {
  first: string;
};

export function ReasonSelect({
  reasons,
  first,
  ...select
}: SelectProps & { reasons: readonly EnrolmentReason[] }) {
  return (
    <select {...select} className={inputClass}>
      <option value="">{first}</option>
      {reasons.map((r) => (
        <option key={r} value={r}>
          {ENROLMENT_REASON_RULES[r].label}
        </option>
      ))}
    </select>
  );
}

export function OwnerSelect({
  staff,
  first,
  ...select
}: SelectProps & { staff: readonly StaffMember[] }) {
  return (
    <select {...select} className={inputClass}>
      <option value="">{first}</option>
      {staff.map((m) => (
        <option key={m.id} value={m.id}>
          {m.email}
        </option>
      ))}
    </select>
  );
}

/** What the reason 'Provider number issued' needs: the number and the day it takes effect. */
export function ProviderNumberFields({
  providerNumber,
  effectiveDate,
  onChange,
}: {
  providerNumber: string;
  effectiveDate: string;
  onChange: (next: { providerNumber: string } | { effectiveDate: string }) => void;
}) {
  return (
    <>
      <Field label="Provider number">
        <input
          value={providerNumber}
          maxLength={40}
          onChange={(e) => onChange({ providerNumber: e.target.value })}
          className={inputClass}
        />
      </Field>
      <Field label="Effective date">
        <input
          type="date"
          value={effectiveDate}
          onChange={(e) => onChange({ effectiveDate: e.target.value })}
          className={inputClass}
        />
      </Field>
    </>
  );
}
