// /dashboard/submissions/$id (beyond the product rules): one submission for review: documents with
// view/download and approve/reject, the submission's status, each scheme's status, notes and
// hard-copy flag, the timeline and the audit trail.
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDateTime, isoDateTime } from '../../lib/dates.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import { PracticeMarker } from '../practice-desk/practice-marker.tsx';
import { dashboardStatusView, practiceTypeLabel } from '../statuses/status-labels.ts';
import { AuditCard } from './audit-card.tsx';
import { BackToSubmissions } from './back-to-submissions.tsx';
import { DeleteSubmissionDialog, type SubmissionToDelete } from './delete-submission-dialog.tsx';
import { DetailsCard } from './details-card.tsx';
import { DocumentsCard } from './documents-card.tsx';
import { errorMessage, trackingPath } from './presentation.ts';
import { SchemesCard } from './schemes-card.tsx';
import { SignedSchemeFormsCard } from './signed-scheme-forms-card.tsx';
import { StatusCard } from './status-card.tsx';
import { TimelineCard } from './timeline-card.tsx';

const route = getRouteApi('/dashboard/_staff/submissions/$id');

export function SubmissionDetailPage() {
  const detail = route.useLoaderData();
  const navigate = route.useNavigate();
  const [toDelete, setToDelete] = useState<SubmissionToDelete | null>(null);
  usePageTitle(
    detail.ok
      ? `Review: ${detail.data.practitioner.firstName} ${detail.data.practitioner.lastName}`
      : 'Review submission',
  );

  if (!detail.ok) {
    return (
      <div className="space-y-4">
        <BackToSubmissions />
        <Alert tone="error" title="Could not load this submission">
          {errorMessage(detail.error, 'Please try again.')}
        </Alert>
      </div>
    );
  }

  const data = detail.data;
  const { submission, practitioner } = data;
  const name = `${practitioner.firstName} ${practitioner.lastName}`;
  const badge = dashboardStatusView[submission.status];

  return (
    <div className="space-y-6">
      <BackToSubmissions />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Badge tone={badge.tone}>{badge.label}</Badge>
            <span>
              {practiceTypeLabel(submission.practiceType)} · submitted{' '}
              <time dateTime={isoDateTime(submission.createdAt)}>
                {formatDateTime(submission.createdAt)}
              </time>
            </span>
            <span>
              Ref. <span className="font-mono whitespace-nowrap">{submission.reference}</span>
            </span>
          </p>
          <PracticeMarker read={detail.data.practice} />
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={trackingPath(submission.trackingToken)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary')}
          >
            Open tracking page
          </a>
          <Button
            variant="quiet-destructive"
            onPress={() => setToDelete({ id: submission.id, practitionerName: name })}
          >
            Delete submission
          </Button>
        </div>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <DocumentsCard
            documents={data.documents}
            fromPractice={(data.practice.ok && data.practice.data.practice?.documentIds) || []}
          />
          <SignedSchemeFormsCard id={submission.id} read={data.signedSchemeForms} />
          <SchemesCard data={data} />
          <TimelineCard data={data} />
          <AuditCard data={data} />
        </div>
        <div className="space-y-6">
          <StatusCard key={submission.status} id={submission.id} status={submission.status} />
          <DetailsCard data={data} />
        </div>
      </div>
      <DeleteSubmissionDialog
        target={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={() => navigate({ to: '/dashboard/submissions' })}
      />
    </div>
  );
}
