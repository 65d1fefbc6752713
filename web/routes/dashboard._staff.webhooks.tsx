import { createFileRoute } from '@tanstack/react-router';
import { loadWebhooks } from '../features/webhooks/webhooks-load.ts';
import { WebhooksPage } from '../features/webhooks/webhooks-page.tsx';

export const Route = createFileRoute('/dashboard/_staff/webhooks')({
  // Staff code stays out of the entry: the loader travels with the page.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadWebhooks(abortController.signal);
  },
  component: WebhooksPage,
});
