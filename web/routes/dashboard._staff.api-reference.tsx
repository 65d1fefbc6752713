import { createFileRoute } from '@tanstack/react-router';
import { loadApiReference } from '../features/api-keys/api-keys-load.ts';
import { ApiReferencePage } from '../features/api-keys/api-reference-page.tsx';

export const Route = createFileRoute('/dashboard/_staff/api-reference')({
  // Staff code stays out of the entry: the loader travels with the page.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadApiReference(abortController.signal);
  },
  component: ApiReferencePage,
});
