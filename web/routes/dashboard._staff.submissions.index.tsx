import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { parseListSearch, type SubmissionListSearch } from '../features/dashboard/list-search.ts';
import { SubmissionsPage } from '../features/dashboard/submissions-page.tsx';

// Kept tiny and dependency-free: validateSearch stays in the entry bundle; the page parses.
export const Route = createFileRoute('/dashboard/_staff/submissions/')({
  validateSearch: (search: Record<string, unknown>): { q?: string; status?: string } => ({
    ...(typeof search.q === 'string' ? { q: search.q } : {}),
    ...(typeof search.status === 'string' ? { status: search.status } : {}),
  }),
  component: SubmissionsRoute,
});

function SubmissionsRoute() {
  const search = parseListSearch(Route.useSearch());
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: SubmissionListSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return <SubmissionsPage search={search} onSearchChange={onSearchChange} />;
}
