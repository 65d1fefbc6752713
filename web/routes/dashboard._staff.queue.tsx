import { createFileRoute } from '@tanstack/react-router';
import { loadPractices } from '../features/practice-desk/practice-desk-api.ts';
import { loadExpiringDocuments } from '../features/work-queue/expiring-documents-panel.tsx';
import { loadLapsedAttestations } from '../features/work-queue/lapsed-attestations-panel.tsx';
import { loadSigningStops } from '../features/work-queue/signing-stops-panel.tsx';
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
    const [queue, stops, attestations, expiring, practices] = await Promise.all([
      loadWorkQueue(deps, abortController.signal),
      loadSigningStops(abortController.signal),
      loadLapsedAttestations(abortController.signal),
      loadExpiringDocuments(abortController.signal),
      loadPractices(abortController.signal),
    ]);
    return { queue, stops, attestations, expiring, practices };
  },
  component: WorkQueuePage,
});
