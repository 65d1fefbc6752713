// The submissions table of the dashboard and of the all-submissions view
// (docs/product.md#screens-and-routes columns). View stays the tracking page (the rules);
// Review opens the review page and is the row's main action, Delete the quietest.
import { Link } from '@tanstack/react-router';
import type { AdminSubmissionListItem } from '../../../schema/staff-review-api.ts';
import { formatDashboardDate, isoDateTime } from '../../lib/dates.ts';
import { Badge } from '../../ui/badge.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import { DataTable, dataCell } from '../../ui/data-table.tsx';
import { dashboardStatusView, practiceTypeLabel } from '../statuses/status-labels.ts';
import { DeleteSubmissionButton } from './delete-submission-button.tsx';
import type { SubmissionToDelete } from './delete-submission-dialog.tsx';
import { trackingPath } from './presentation.ts';

export function SubmissionsTable({
  items,
  caption,
  onDelete,
}: {
  items: AdminSubmissionListItem[];
  caption: string;
  onDelete: (target: SubmissionToDelete) => void;
}) {
  return (
    <DataTable
      caption={caption}
      columns={['Practitioner', 'Email', 'Practice Type', 'Status', 'Submitted', 'Actions']}
      minWidth="min-w-[48rem]"
    >
      {items.map(({ submission, practitioner }) => {
        const name = `${practitioner.firstName} ${practitioner.lastName}`;
        const badge = dashboardStatusView[submission.status];
        return (
          <tr key={submission.id}>
            <td className={`${dataCell} font-medium`}>
              <Link
                to="/dashboard/submissions/$id"
                params={{ id: submission.id }}
                className="rounded-sm underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-teal-600"
              >
                {name}
              </Link>
              {/* The short reference practitioners quote on the phone and on posted copies. */}
              <span className="block text-xs font-normal whitespace-nowrap text-slate-600 dark:text-slate-300">
                Ref. <span className="font-mono">{submission.reference}</span>
              </span>
            </td>
            <td className={`${dataCell} break-all`}>{practitioner.email}</td>
            <td className={dataCell}>{practiceTypeLabel(submission.practiceType)}</td>
            <td className={dataCell}>
              <Badge tone={badge.tone}>{badge.label}</Badge>
            </td>
            <td className={`${dataCell} whitespace-nowrap`}>
              <time dateTime={isoDateTime(submission.createdAt)}>
                {formatDashboardDate(submission.createdAt)}
              </time>
            </td>
            <td className={dataCell}>
              <div className="flex gap-2">
                <Link
                  to="/dashboard/submissions/$id"
                  params={{ id: submission.id }}
                  className={buttonClass('primary', 'px-3')}
                  aria-label={`Review ${name}'s submission`}
                >
                  Review
                </Link>
                <a
                  href={trackingPath(submission.trackingToken)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass('secondary', 'px-3')}
                  aria-label={`View ${name}'s tracking page (opens in a new tab)`}
                >
                  View
                </a>
                <DeleteSubmissionButton
                  target={{ id: submission.id, practitionerName: name }}
                  onDelete={onDelete}
                />
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
