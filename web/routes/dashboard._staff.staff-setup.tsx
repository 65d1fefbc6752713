import { createFileRoute } from '@tanstack/react-router';
import { loadStaffSetUp } from '../features/staff-setup/staff-setup-load.ts';
import { StaffSetUpPage } from '../features/staff-setup/staff-setup-page.tsx';

export const Route = createFileRoute('/dashboard/_staff/staff-setup')({
  // Staff code stays out of the entry: the loader travels with the page.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadStaffSetUp(abortController.signal);
  },
  component: StaffSetUpPage,
});
