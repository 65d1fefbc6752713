import { createFileRoute } from '@tanstack/react-router';
import { JoinPage } from '../../features/practice-join/join-page.tsx';
import { loadInvitation } from '../../features/practice-join/load-invitation.ts';

type JoinSearch = { invitation?: string };

export const Route = createFileRoute('/practice/join')({
  // The link's secret is opaque: any non-empty string, bounded.
  validateSearch: (search: Record<string, unknown>): JoinSearch => {
    const raw = search.invitation;
    const invitation = typeof raw === 'string' ? raw.trim().slice(0, 200) : '';
    return invitation ? { invitation } : {};
  },
  loaderDeps: ({ search }) => ({ invitation: search.invitation }),
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ deps, abortController }) => loadInvitation(deps.invitation, abortController.signal),
  component: JoinRoute,
});

function JoinRoute() {
  const { invitation } = Route.useSearch();
  return <JoinPage token={invitation} read={Route.useLoaderData()} />;
}
