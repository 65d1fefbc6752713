import { createFileRoute } from '@tanstack/react-router';
import { loadWorkQueue } from '../features/work-queue/work-queue-load.ts';
import { WorkQueuePage } from '../features/work-queue/work-queue-page.tsx';

export const Route = createFileRoute('/dashboard/_staff/queue')({
  // Every string passes; parseQueueSearch keeps what is valid.
  validateSearch: (search: Record<string, unknown>): Record<string, string> =>
    Object.fromEntries(Object.entries(search).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >,
  loaderDeps: ({ search }) => search,
  // Staff code stays out of the entry: the loader travels with the page.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ deps, parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadWorkQueue(deps, abortController.signal);
  },
  component: WorkQueuePage,
});
