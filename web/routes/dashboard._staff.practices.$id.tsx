import { createFileRoute } from '@tanstack/react-router';
import { loadPractice } from '../features/practice-desk/practice-desk-api.ts';
import { PracticePage } from '../features/practice-desk/practice-page.tsx';

export const Route = createFileRoute('/dashboard/_staff/practices/$id')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ params, parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadPractice(params.id, abortController.signal);
  },
  remountDeps: ({ params }) => params.id,
  component: PracticePage,
});
