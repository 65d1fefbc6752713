import { createFileRoute } from '@tanstack/react-router';
import { loadTracking } from '../../features/tracking/load-tracking.ts';
import { TrackPage } from '../../features/tracking/track-page.tsx';
import { TrackPending } from '../../features/tracking/track-pending.tsx';

type TrackSearch = { token?: string; email?: string };

/** 'E-mail me my links' pressed before the app took over: the address the bare form sent. */
function sentEmail(search: Record<string, unknown>): { email?: string } {
  return typeof search.email === 'string' ? { email: search.email.trim().slice(0, 320) } : {};
}

export const Route = createFileRoute('/track/')({
  // The token is opaque: keep any non-empty string (numbers come back from the search parser
  // as numbers), and bound its length so a pasted page of text is not sent to the API.
  validateSearch: (search: Record<string, unknown>): TrackSearch => {
    const raw = search.token;
    const token =
      typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim().slice(0, 200) : '';
    if (token) return { token };
    // `?token=` with nothing in it: Track was pressed on the pre-rendered page before the app
    // took over (the bare form was sent); the form says what it says to an empty press.
    return 'token' in search ? { token: '' } : sentEmail(search);
  },
  loaderDeps: ({ search }) => ({ token: search.token }),
  codeSplitGroupings: [['loader', 'component'], ['pendingComponent']],
  loader: ({ deps, abortController }) => loadTracking(deps.token, abortController.signal),
  pendingComponent: TrackPending,
  component: TrackPage,
});
