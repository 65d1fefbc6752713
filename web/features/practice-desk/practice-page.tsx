// /dashboard/practices/$id (decision 127): one practice that onboarded together — its part as the
// manager gave it, its shared documents to open (each submission holds its own copy to review), its
// practitioners with where each stands, a way to the desk's bulk change per scheme, and deleting
// the practice (asking what to do with each submission).
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDate, isoDateTime } from '../../lib/dates.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import {
  DeleteSubmissionDialog,
  type SubmissionToDelete,
} from '../dashboard/delete-submission-dialog.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { practiceTypeLabel } from '../statuses/status-labels.ts';
import { DeletePracticeDialog } from './delete-practice-dialog.tsx';
import { PracticeDocuments } from './practice-documents.tsx';
import { PracticeSchemesCard } from './practice-schemes-card.tsx';
import { PractitionersTable } from './practitioners-table.tsx';

const route = getRouteApi('/dashboard/_staff/practices/$id');
const dt = 'text-sm text-slate-600 dark:text-slate-300';
const dd = 'mb-2 font-medium [overflow-wrap:anywhere]';

export function PracticePage() {
  const read = route.useLoaderData();
  usePageTitle(read.ok ? read.data.practice.name : 'Practice');
  const [deleting, setDeleting] = useState(false);
  const [submissionToDelete, setSubmissionToDelete] = useState<SubmissionToDelete | null>(null);
  if (!read.ok) {
    return (
      <div className="space-y-4">
        <Link to="/dashboard/practices" className={buttonClass('secondary')}>
          Back to practices
        </Link>
        <Alert tone="error" title="Could not load this practice">
          {errorMessage(read.error, 'Please try again.')}
        </Alert>
      </div>
    );
  }
  const { practice, invitations, submissions } = read.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/dashboard/practices" className={buttonClass('secondary')}>
          Back to practices
        </Link>
        <Link
          to="/dashboard/submissions"
          search={{ practiceId: practice.id }}
          className={buttonClass('secondary')}
        >
          Its submissions in the list
        </Link>
      </div>
      <h1 className="text-2xl font-bold break-words sm:text-3xl">{practice.name}</h1>
      <Card aria-labelledby="practice-part">
        <CardTitle id="practice-part">The practice's part</CardTitle>
        <dl className="mt-3 grid gap-x-6 sm:grid-cols-2 [&>div]:min-w-0">
          <div>
            <dt className={dt}>Type</dt>
            <dd className={dd}>{practiceTypeLabel(practice.practiceType)}</dd>
          </div>
          <div>
            <dt className={dt}>Practice number</dt>
            <dd className={`${dd} font-mono`}>{practice.practiceNumber ?? 'None yet'}</dd>
          </div>
          <div>
            <dt className={dt}>Address</dt>
            <dd className={dd}>{practice.address}</dd>
          </div>
          <div>
            <dt className={dt}>Contact</dt>
            <dd className={dd}>
              {practice.contactPhone}, {practice.contactEmail}
            </dd>
          </div>
          <div>
            <dt className={dt}>Practice manager</dt>
            <dd className={dd}>
              {practice.managerName}, {practice.managerEmail}
            </dd>
          </div>
          <div>
            <dt className={dt}>Started</dt>
            <dd className={dd}>
              <time dateTime={isoDateTime(practice.createdAt)}>
                {formatDate(practice.createdAt)}
              </time>
            </dd>
          </div>
        </dl>
        <PracticeDocuments documents={practice.documents} />
      </Card>
      <PractitionersTable
        invitations={invitations}
        submissions={submissions}
        onDelete={setSubmissionToDelete}
      />
      <DeleteSubmissionDialog
        target={submissionToDelete}
        onClose={() => setSubmissionToDelete(null)}
      />
      <PracticeSchemesCard practiceId={practice.id} submissions={submissions} />
      <Card aria-labelledby="practice-delete">
        <CardTitle id="practice-delete">Delete this practice</CardTitle>
        <p className="mt-2 text-sm">
          Removes the practice's details, shared documents and invitations. You choose for each
          practitioner's submission whether it stays as a lone application or is deleted too.
        </p>
        <div className="mt-3">
          <Button variant="destructive" onPress={() => setDeleting(true)}>
            Delete practice
          </Button>
        </div>
      </Card>
      <DeletePracticeDialog
        open={deleting}
        practice={practice}
        submissions={submissions}
        onClose={() => setDeleting(false)}
      />
    </div>
  );
}
