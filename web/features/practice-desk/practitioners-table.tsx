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
import { DataTable, dataCell, dataRowLink } from '../../ui/data-table.tsx';
import { DeleteSubmissionButton } from '../dashboard/delete-submission-button.tsx';
import type { SubmissionToDelete } from '../dashboard/delete-submission-dialog.tsx';
import { dashboardStatusView, schemeStatusView } from '../statuses/status-labels.ts';

const td = `${dataCell} align-top`;

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
        className={dataRowLink}
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
      <DeleteSubmissionButton
        target={{ id: submission.submissionId, practitionerName: name }}
        onDelete={onDelete}
      />
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
        <DataTable
          caption="The practice's invited practitioners"
          columns={['Invited as', 'Invitation', 'Submission and schemes']}
          minWidth="min-w-[40rem]"
          stackOnPhone
        >
          {invitations.map((invitation) => {
            const state = INVITATION[invitation.state];
            const submission = submissions.find((s) => s.submissionId === invitation.submissionId);
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
        </DataTable>
      )}
    </section>
  );
}
