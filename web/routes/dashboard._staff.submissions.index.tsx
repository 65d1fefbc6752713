import { createFileRoute } from '@tanstack/react-router';
import { SubmissionsPage } from '../features/dashboard/submissions-page.tsx';
import { loadSubmissionPage } from '../features/dashboard/submissions-page-load.ts';
import { stringSearch } from '../lib/string-search.ts';

export const Route = createFileRoute('/dashboard/_staff/submissions/')({
  validateSearch: stringSearch,
  loaderDeps: ({ search }) => search,
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ deps, parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadSubmissionPage(deps, abortController.signal);
  },
  component: SubmissionsPage,
});
