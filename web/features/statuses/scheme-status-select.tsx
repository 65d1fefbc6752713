// The staff screens' choice of a scheme status (the enrolment desk, the work queue's filter and
// its bulk change): a native select of the statuses by their labels, placed in a Field, which
// passes its id and descriptions through. `first` is an option before the statuses with the
// value '' (a filter's 'Open', a bulk change's 'Keep'); `statuses` keeps each screen's order.
import type { SelectHTMLAttributes } from 'react';
import { SCHEME_STATUSES } from '../../../schema/enrolment.ts';
import type { SchemeStatus } from '../../../schema/submission-api.ts';
import { inputClass } from '../../ui/field.tsx';
import { schemeStatusView } from './status-labels.ts';

export function SchemeStatusSelect({
  first,
  statuses = SCHEME_STATUSES,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'children'> & {
  first?: string;
  statuses?: readonly SchemeStatus[];
}) {
  return (
    <select {...select} className={inputClass}>
      {first !== undefined && <option value="">{first}</option>}
      {statuses.map((s) => (
        <option key={s} value={s}>
          {schemeStatusView[s].label}
        </option>
      ))}
    </select>
  );
}
