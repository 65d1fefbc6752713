// The work queue's rows (decision 088): a checkbox each (and one for all), the practitioner
// (to the review page), scheme, status, reason, follow-up with how due it is, owner, submitted.
import { Link } from '@tanstack/react-router';
import { ENROLMENT_REASON_RULES } from '../../../schema/enrolment.ts';
import type { WorkQueueItem } from '../../../schema/enrolment-api.ts';
import { formatDashboardDate, isoDateTime } from '../../lib/dates.ts';
import { Badge } from '../../ui/badge.tsx';
import { DataTable, dataCell, dataHeadingCell, dataRowLink } from '../../ui/data-table.tsx';
import { schemeStatusView } from '../statuses/status-labels.ts';

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
    <DataTable
      caption={`Open enrolments, overdue first, then due today (today is ${today})`}
      columns={['Practitioner', 'Scheme', 'Status', 'Reason', 'Follow up', 'Owner', 'Submitted']}
      minWidth="min-w-[56rem]"
      before={
        <th scope="col" className={`${dataHeadingCell} w-12`}>
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
      }
    >
      {items.map((item) => {
        const status = schemeStatusView[item.status];
        const due = item.due === 'overdue' || item.due === 'today' ? DUE_BADGE[item.due] : null;
        return (
          <tr key={item.statusId}>
            <td className={dataCell}>
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
            <td className={`${dataCell} font-medium`}>
              <Link
                to="/dashboard/submissions/$id"
                params={{ id: item.submissionId }}
                className={`${dataRowLink} text-teal-800 dark:text-teal-300`}
              >
                {item.practitionerName}
              </Link>
            </td>
            <td className={dataCell}>{item.schemeName}</td>
            <td className={dataCell}>
              <Badge tone={status.tone}>{status.label}</Badge>
            </td>
            <td className={dataCell}>
              {item.reason ? ENROLMENT_REASON_RULES[item.reason].label : '—'}
            </td>
            <td className={`${dataCell} whitespace-nowrap`}>
              {item.followUpOn ? (
                <span className="flex flex-wrap items-center gap-2">
                  <time dateTime={item.followUpOn}>{item.followUpOn}</time>
                  {due && <Badge tone={due.tone}>{due.label}</Badge>}
                </span>
              ) : (
                '—'
              )}
            </td>
            <td className={`${dataCell} break-all`}>{item.ownerEmail ?? 'Nobody yet'}</td>
            <td className={`${dataCell} whitespace-nowrap`}>
              <time dateTime={isoDateTime(item.submittedAt)}>
                {formatDashboardDate(item.submittedAt)}
              </time>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
