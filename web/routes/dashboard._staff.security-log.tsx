import { createFileRoute } from '@tanstack/react-router';
import { loadSecurityLogPage } from '../features/security-log/security-log-load.ts';
import { SecurityLogPage } from '../features/security-log/security-log-page.tsx';

export const Route = createFileRoute('/dashboard/_staff/security-log')({
  // Staff code stays out of the entry: the loader travels with the page.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadSecurityLogPage(undefined, abortController.signal);
  },
  component: SecurityLogPage,
});
