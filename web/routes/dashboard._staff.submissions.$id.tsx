import { createFileRoute } from '@tanstack/react-router';
import { loadSubmission } from '../features/dashboard/submission-detail-load.ts';
import { SubmissionDetailPage } from '../features/dashboard/submission-detail-page.tsx';
import { SubmissionDetailPending } from '../features/dashboard/submission-detail-pending.tsx';

export const Route = createFileRoute('/dashboard/_staff/submissions/$id')({
  codeSplitGroupings: [['loader', 'component'], ['pendingComponent']],
  loader: async ({ params, parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadSubmission(params.id, abortController.signal);
  },
  // Another submission is another page: no form state carries over.
  remountDeps: ({ params }) => params.id,
  pendingComponent: SubmissionDetailPending,
  component: SubmissionDetailPage,
});
