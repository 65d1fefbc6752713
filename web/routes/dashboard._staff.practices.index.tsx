import { createFileRoute } from '@tanstack/react-router';
import { loadPractices } from '../features/practice-desk/practice-desk-api.ts';
import { PracticesPage } from '../features/practice-desk/practices-page.tsx';

export const Route = createFileRoute('/dashboard/_staff/practices/')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadPractices(abortController.signal);
  },
  component: PracticesPage,
});
