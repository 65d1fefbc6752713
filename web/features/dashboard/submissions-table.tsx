// The submissions table of the dashboard and of the all-submissions view
// (docs/product.md#screens-and-routes columns). View stays the tracking page (the rules);
// Review opens the review page and is the row's main action, Delete the quietest.
import { Link } from '@tanstack/react-router';
import type { AdminSubmissionListItem } from '../../../schema/api.ts';
import { formatDashboardDate, isoDateTime } from '../../lib/dates.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import { dashboardStatusView, practiceTypeLabel } from '../statuses/status-labels.ts';
import type { SubmissionToDelete } from './delete-submission-dialog.tsx';
import { trackingPath } from './presentation.ts';

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide uppercase';
const td = 'px-3 py-2 align-middle';

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
    <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            <th scope="col" className={th}>
              Practitioner
            </th>
            <th scope="col" className={th}>
              Email
            </th>
            <th scope="col" className={th}>
              Practice Type
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Submitted
            </th>
            <th scope="col" className={th}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {items.map(({ submission, practitioner }) => {
            const name = `${practitioner.firstName} ${practitioner.lastName}`;
            const badge = dashboardStatusView[submission.status];
            return (
              <tr key={submission.id}>
                <td className={`${td} font-medium`}>
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
                <td className={`${td} break-all`}>{practitioner.email}</td>
                <td className={td}>{practiceTypeLabel(submission.practiceType)}</td>
                <td className={td}>
                  <Badge tone={badge.tone}>{badge.label}</Badge>
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <time dateTime={isoDateTime(submission.createdAt)}>
                    {formatDashboardDate(submission.createdAt)}
                  </time>
                </td>
                <td className={td}>
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
                    <Button
                      variant="quiet-destructive"
                      className="px-3"
                      aria-label={`Delete ${name}'s submission`}
                      onPress={() => onDelete({ id: submission.id, practitionerName: name })}
                    >
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
