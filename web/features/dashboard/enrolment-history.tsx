// Every change to one enrolment, newest first, folded away until asked for (decision 088).
import type { StaffEnrolment, StaffMember } from '../../../schema/enrolment-api.ts';
import { formatDateTime, isoDateTime } from '../../lib/dates.ts';
import { describeEnrolmentChange } from './enrolment-presentation.ts';

export function EnrolmentHistory({
  history,
  staff,
}: {
  history: StaffEnrolment['history'];
  staff: readonly StaffMember[];
}) {
  if (history.length === 0) return null;
  return (
    <details className="mt-3 text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-teal-800 dark:text-teal-300">
        History ({history.length})
      </summary>
      <ol className="mt-1 space-y-2">
        {[...history].reverse().map((entry) => (
          <li key={entry.id} className="border-l-2 border-slate-300 pl-3 dark:border-slate-600">
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <time dateTime={isoDateTime(entry.createdAt)}>{formatDateTime(entry.createdAt)}</time>{' '}
              · {entry.actor}
              {entry.bulk ? ' · bulk change' : ''}
            </p>
            <ul>
              {describeEnrolmentChange(entry.changes, staff).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </details>
  );
}
