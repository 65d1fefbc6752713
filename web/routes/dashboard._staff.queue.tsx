import { createFileRoute } from '@tanstack/react-router';
import { loadWorkQueue } from '../features/work-queue/work-queue-load.ts';
import { WorkQueuePage } from '../features/work-queue/work-queue-page.tsx';
import { stringSearch } from '../lib/string-search.ts';

export const Route = createFileRoute('/dashboard/_staff/queue')({
  validateSearch: stringSearch,
  loaderDeps: ({ search }) => search,
  // Staff code stays out of the entry: the loader travels with the page.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ deps, parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadWorkQueue(deps, abortController.signal);
  },
  component: WorkQueuePage,
});
