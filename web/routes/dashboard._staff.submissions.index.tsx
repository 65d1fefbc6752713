import { createFileRoute } from '@tanstack/react-router';
import { SubmissionsPage } from '../features/dashboard/submissions-page.tsx';
import { loadSubmissionPage } from '../features/dashboard/submissions-page-load.ts';

// Kept tiny and dependency-free: validateSearch stays in the entry bundle; the page parses.
export const Route = createFileRoute('/dashboard/_staff/submissions/')({
  validateSearch: (
    search: Record<string, unknown>,
  ): { q?: string; status?: string; review?: string; cursor?: string } => ({
    ...(typeof search.q === 'string' ? { q: search.q } : {}),
    ...(typeof search.status === 'string' ? { status: search.status } : {}),
    ...(typeof search.review === 'string' ? { review: search.review } : {}),
    ...(typeof search.cursor === 'string' ? { cursor: search.cursor } : {}),
  }),
  loaderDeps: ({ search }) => search,
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ deps, parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadSubmissionPage(deps, abortController.signal);
  },
  component: SubmissionsPage,
});
