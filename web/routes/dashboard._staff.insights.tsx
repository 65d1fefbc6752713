import { createFileRoute } from '@tanstack/react-router';
import { loadEnrolmentTimes } from '../features/enrolment-times/enrolment-times-load.ts';
import { EnrolmentTimesPage } from '../features/enrolment-times/enrolment-times-page.tsx';

export const Route = createFileRoute('/dashboard/_staff/insights')({
  // Staff code (and the charting library) stays out of the entry: it travels with the page.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadEnrolmentTimes(abortController.signal);
  },
  component: EnrolmentTimesPage,
});
