import { createFileRoute } from '@tanstack/react-router';
import { loadFormMapping } from '../features/form-mapping/form-mapping-load.ts';
import { FormMappingPage } from '../features/form-mapping/form-mapping-page.tsx';

// A registration form made fillable (decision 092): a step of its own after the spec's
// 'Upload Registration Form' dialog, which stays as it is.
export const Route = createFileRoute('/dashboard/_staff/forms/$id')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ params, parentMatchPromise, abortController }) => {
    await parentMatchPromise;
    return loadFormMapping(params.id, abortController.signal);
  },
  remountDeps: ({ params }) => params.id,
  component: FormMappingPage,
});
