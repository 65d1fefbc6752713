// The practice page's practitioners (decision 127): each invitation with its state, and for
// those who sent their part, the submission's status, reference, date and per-scheme statuses,
// linking to its review page, and deleting that one submission (the spec's cascade: the
// practice stays).
import { Link } from '@tanstack/react-router';
import type {
  StaffPracticeDetail,
  StaffPracticeSubmission,
} from '../../../schema/practice-admin-api.ts';
import type { InvitationState } from '../../../schema/practice-api.ts';
import { formatDate, isoDateTime } from '../../lib/dates.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import type { SubmissionToDelete } from '../dashboard/delete-submission-dialog.tsx';
import { dashboardStatusView, schemeStatusView } from '../statuses/status-labels.ts';

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide uppercase';
const td = 'px-3 py-2 align-top';

const INVITATION: Record<InvitationState, { label: string; tone: BadgeTone }> = {
  invited: { label: 'Invited', tone: 'secondary' },
  expired: { label: 'Invitation expired', tone: 'warning' },
  withdrawn: { label: 'Withdrawn', tone: 'outline' },
  submitted: { label: 'Submitted', tone: 'success' },
};

function Submission({
  submission,
  onDelete,
}: {
  submission: StaffPracticeSubmission;
  onDelete: (target: SubmissionToDelete) => void;
}) {
  const status = dashboardStatusView[submission.status];
  const name = `${submission.firstName} ${submission.lastName}`;
  return (
    <div className="space-y-1">
      <Link
        to="/dashboard/submissions/$id"
        params={{ id: submission.submissionId }}
        className="inline-flex min-h-11 items-center rounded-sm font-medium underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
        aria-label={`Review ${name}'s submission`}
      >
        Review {name}
      </Link>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Ref. <span className="font-mono">{submission.reference}</span>, sent{' '}
        <time dateTime={isoDateTime(submission.createdAt)}>{formatDate(submission.createdAt)}</time>{' '}
        <Badge tone={status.tone}>{status.label}</Badge>
      </p>
      <ul className="space-y-1">
        {submission.enrolments.map((e) => (
          <li key={e.statusId} className="flex flex-wrap items-center gap-2">
            <span>{e.schemeName}</span>
            <Badge tone={schemeStatusView[e.status].tone}>{schemeStatusView[e.status].label}</Badge>
            {e.providerNumber && <span className="font-mono text-xs">{e.providerNumber}</span>}
          </li>
        ))}
      </ul>
      <Button
        variant="quiet-destructive"
        className="px-3"
        aria-label={`Delete ${name}'s submission`}
        onPress={() => onDelete({ id: submission.submissionId, practitionerName: name })}
      >
        Delete
      </Button>
    </div>
  );
}

/** Until when an open invitation's link works, or since when it no longer does. */
function InvitationExpiry({
  invitation,
}: {
  invitation: StaffPracticeDetail['invitations'][number];
}) {
  if (invitation.state !== 'invited' && invitation.state !== 'expired') return null;
  return (
    <span className="mt-1 block text-xs whitespace-nowrap text-slate-600 dark:text-slate-300">
      {invitation.state === 'invited' ? 'Open until' : 'Since'}{' '}
      <time dateTime={isoDateTime(invitation.expiresAt)}>{formatDate(invitation.expiresAt)}</time>
    </span>
  );
}

export function PractitionersTable({
  invitations,
  submissions,
  onDelete,
}: Pick<StaffPracticeDetail, 'invitations' | 'submissions'> & {
  onDelete: (target: SubmissionToDelete) => void;
}) {
  return (
    <section aria-labelledby="practice-practitioners" className="space-y-2">
      <h2 id="practice-practitioners" className="text-lg font-semibold">
        Practitioners ({submissions.length} of {invitations.length} submitted)
      </h2>
      {invitations.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No one has been invited yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">The practice's invited practitioners</caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                {['Invited as', 'Invitation', 'Submission and schemes'].map((name) => (
                  <th key={name} scope="col" className={th}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {invitations.map((invitation) => {
                const state = INVITATION[invitation.state];
                const submission = submissions.find(
                  (s) => s.submissionId === invitation.submissionId,
                );
                return (
                  <tr key={invitation.id}>
                    <td className={td}>
                      <span className="font-medium">{invitation.name}</span>
                      <span className="block break-all text-slate-600 dark:text-slate-300">
                        {invitation.email}
                      </span>
                    </td>
                    <td className={td}>
                      <Badge tone={state.tone}>{state.label}</Badge>
                      <InvitationExpiry invitation={invitation} />
                    </td>
                    <td className={td}>
                      {submission ? (
                        <Submission submission={submission} onDelete={onDelete} />
                      ) : (
                        <span className="text-slate-600 dark:text-slate-300">Not sent yet</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
