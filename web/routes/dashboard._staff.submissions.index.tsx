import { createFileRoute } from '@tanstack/react-router';
import { SubmissionsPage } from '../features/dashboard/submissions-page.tsx';
import { loadSubmissionPage } from '../features/dashboard/submissions-page-load.ts';

// Kept tiny and dependency-free: validateSearch stays in the entry bundle; the page parses.
export const Route = createFileRoute('/dashboard/_staff/submissions/')({
  // Every string passes (q, status, review, cursor); parseListSearch keeps what is valid.
  validateSearch: (search: Record<string, unknown>): Record<string, string> =>
    Object.fromEntries(Object.entries(search).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >,
  loaderDeps: ({ search }) => search,
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ deps, parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadSubmissionPage(deps, abortController.signal);
  },
  component: SubmissionsPage,
});
