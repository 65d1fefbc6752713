import { createFileRoute } from '@tanstack/react-router';
import { LookupPage } from '../../features/lookup/lookup-page.tsx';
import { type LookupSent, lookupSent } from '../../features/lookup/lookup-sent.ts';

export const Route = createFileRoute('/track/lookup')({
  validateSearch: (search: Record<string, unknown>): LookupSent => lookupSent(search),
  component: LookupRoute,
});

function LookupRoute() {
  const sent = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LookupPage
      sent={sent.by ? sent : undefined}
      // The identifier leaves the address bar (and the history) once the page has taken it.
      onSentTaken={() => void navigate({ to: '/track/lookup', search: {}, replace: true })}
    />
  );
}
