import { createFileRoute } from '@tanstack/react-router';
import { loadPractice } from '../../features/practice/load-practice.ts';
import { PracticePage } from '../../features/practice/practice-page.tsx';

type PracticeSearch = { token?: string };

export const Route = createFileRoute('/practice/')({
  // The link's secret is opaque: any non-empty string, bounded.
  validateSearch: (search: Record<string, unknown>): PracticeSearch => {
    const raw = search.token;
    const token = typeof raw === 'string' ? raw.trim().slice(0, 200) : '';
    return token ? { token } : {};
  },
  loaderDeps: ({ search }) => ({ token: search.token }),
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ deps, abortController }) => loadPractice(deps.token, abortController.signal),
  component: PracticeRoute,
});

function PracticeRoute() {
  const { token } = Route.useSearch();
  return <PracticePage token={token} read={Route.useLoaderData()} />;
}
