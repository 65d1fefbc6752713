import { createFileRoute } from '@tanstack/react-router';
import { loadApiKeys } from '../features/api-keys/api-keys-load.ts';
import { ApiKeysPage } from '../features/api-keys/api-keys-page.tsx';

export const Route = createFileRoute('/dashboard/_staff/api-keys')({
  // Staff code stays out of the entry: the loader travels with the page.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadApiKeys(abortController.signal);
  },
  component: ApiKeysPage,
});
