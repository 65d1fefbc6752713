import { createFileRoute } from '@tanstack/react-router';
import { loadStaffCatalogue } from '../features/catalogue/catalogue-load.ts';
import { CataloguePage } from '../features/catalogue/catalogue-page.tsx';

export const Route = createFileRoute('/dashboard/_staff/catalogue')({
  // Staff code stays out of the entry: the loader travels with the page.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadStaffCatalogue(abortController.signal);
  },
  component: CataloguePage,
});
