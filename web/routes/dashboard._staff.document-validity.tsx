import { createFileRoute } from '@tanstack/react-router';
import { loadValidityPage } from '../features/document-validity/validity-load.ts';
import { ValidityPage } from '../features/document-validity/validity-page.tsx';

export const Route = createFileRoute('/dashboard/_staff/document-validity')({
  // Staff code stays out of the entry: the loader travels with the page.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadValidityPage(abortController.signal);
  },
  component: ValidityPage,
});
