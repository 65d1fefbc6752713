import { createFileRoute } from '@tanstack/react-router';
import { loadSchemeForms } from '../../features/scheme-forms/load-scheme-forms.ts';
import { SchemeFormsPage } from '../../features/scheme-forms/scheme-forms-page.tsx';
import { SchemeFormsPending } from '../../features/scheme-forms/scheme-forms-pending.tsx';

type FormsSearch = { token?: string };

export const Route = createFileRoute('/track/forms')({
  validateSearch: (search: Record<string, unknown>): FormsSearch => {
    const raw = search.token;
    const token =
      typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim().slice(0, 200) : '';
    return token ? { token } : {};
  },
  loaderDeps: ({ search }) => ({ token: search.token }),
  codeSplitGroupings: [['loader', 'component'], ['pendingComponent']],
  loader: ({ deps, abortController }) => loadSchemeForms(deps.token, abortController.signal),
  pendingComponent: SchemeFormsPending,
  component: SchemeFormsPage,
});
