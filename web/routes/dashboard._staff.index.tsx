import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { DashboardPending } from '../features/dashboard/dashboard-pending.tsx';
import { loadDashboard } from '../features/dashboard/staff-api.ts';

export const Route = createFileRoute('/dashboard/_staff/')({
  // Staff code stays out of the entry: the loader travels with the page.
  codeSplitGroupings: [['loader', 'component'], ['pendingComponent']],
  loader: async ({ parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadDashboard(abortController.signal);
  },
  pendingComponent: DashboardPending,
  component: DashboardPage,
});
