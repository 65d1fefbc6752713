// The work queue's rows (decision 088): a checkbox each (and one for all), the practitioner
// (to the review page), scheme, status, reason, follow-up with how due it is, owner, submitted.
import { Link } from '@tanstack/react-router';
import { ENROLMENT_REASON_RULES } from '../../../schema/enrolment.ts';
import type { WorkQueueItem } from '../../../schema/enrolment-api.ts';
import { formatDashboardDate, isoDateTime } from '../../lib/dates.ts';
import { Badge } from '../../ui/badge.tsx';
import { schemeStatusView } from '../statuses/status-labels.ts';

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide uppercase';
const td = 'px-3 py-2 align-middle';
const box = 'size-5 accent-teal-700';

const DUE_BADGE = {
  overdue: { tone: 'destructive', label: 'Overdue' },
  today: { tone: 'warning', label: 'Due today' },
} as const;

export function WorkQueueTable({
  items,
  today,
  selected,
  onSelect,
}: {
  items: WorkQueueItem[];
  today: string;
  selected: Set<string>;
  onSelect: (next: Set<string>) => void;
}) {
  const all = items.length > 0 && items.every((i) => selected.has(i.statusId));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="sr-only">
          Open enrolments, overdue first, then due today (today is {today})
        </caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            <th scope="col" className={`${th} w-12`}>
              <label className="flex min-h-11 min-w-11 items-center justify-center">
                <input
                  type="checkbox"
                  className={box}
                  checked={all}
                  onChange={() => onSelect(all ? new Set() : new Set(items.map((i) => i.statusId)))}
                  aria-label="Select all enrolments shown"
                />
              </label>
            </th>
            {['Practitioner', 'Scheme', 'Status', 'Reason', 'Follow up', 'Owner', 'Submitted'].map(
              (name) => (
                <th key={name} scope="col" className={th}>
                  {name}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {items.map((item) => {
            const status = schemeStatusView[item.status];
            const due = item.due === 'overdue' || item.due === 'today' ? DUE_BADGE[item.due] : null;
            return (
              <tr key={item.statusId}>
                <td className={td}>
                  <label className="flex min-h-11 min-w-11 items-center justify-center">
                    <input
                      type="checkbox"
                      className={box}
                      checked={selected.has(item.statusId)}
                      onChange={() => toggle(item.statusId)}
                      aria-label={`Select ${item.practitionerName}, ${item.schemeName}`}
                    />
                  </label>
                </td>
                <td className={`${td} font-medium`}>
                  <Link
                    to="/dashboard/submissions/$id"
                    params={{ id: item.submissionId }}
                    className="rounded-sm text-teal-800 underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-teal-300"
                  >
                    {item.practitionerName}
                  </Link>
                </td>
                <td className={td}>{item.schemeName}</td>
                <td className={td}>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </td>
                <td className={td}>
                  {item.reason ? ENROLMENT_REASON_RULES[item.reason].label : '—'}
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {item.followUpOn ? (
                    <span className="flex flex-wrap items-center gap-2">
                      <time dateTime={item.followUpOn}>{item.followUpOn}</time>
                      {due && <Badge tone={due.tone}>{due.label}</Badge>}
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
                <td className={`${td} break-all`}>{item.ownerEmail ?? 'Nobody yet'}</td>
                <td className={`${td} whitespace-nowrap`}>
                  <time dateTime={isoDateTime(item.submittedAt)}>
                    {formatDashboardDate(item.submittedAt)}
                  </time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
