// /track (docs/product.md#screens-and-routes): a token form, or with ?token= the full tracking
// view.
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { AddressConfirmationNotice } from './address-confirmation-notice.tsx';
import { LostLinkForm } from './lost-link-form.tsx';
import { OfflineViewNotice } from './offline-view-notice.tsx';
import { TokenForm } from './token-form.tsx';
import { TrackingResult } from './tracking-result.tsx';
import { useReloadWhenOnline } from './use-reload-when-online.ts';

const NOT_FOUND_MESSAGE = 'Submission not found. Please check your tracking token.';

const route = getRouteApi('/track/');

export function TrackPage() {
  usePageTitle('Track your application');
  const { token, email } = route.useSearch();
  const request = route.useLoaderData();
  const navigate = route.useNavigate();
  const router = useRouter();
  useReloadWhenOnline(
    request.status === 'failed' || Boolean(request.status === 'found' && request.keptAt),
  );
  const track = (next: string) => {
    // Track pressed for the token already shown asks again (after a network failure, say):
    // navigating to the same URL would change nothing.
    if (next === token) void router.invalidate();
    else void navigate({ to: '/track', search: { token: next } });
  };

  if (request.status === 'found') {
    return (
      <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
        {request.keptAt && <OfflineViewNotice keptAt={request.keptAt} />}
        {token && <AddressConfirmationNotice token={token} />}
        <TrackingResult data={request.data} />
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold">Track your application</h1>
      {request.status === 'failed' && <Alert tone="error">{NOT_FOUND_MESSAGE}</Alert>}
      <Card aria-labelledby="token-form-title">
        <CardTitle id="token-form-title">Enter your tracking token</CardTitle>
        <p className="mt-1 mb-4 text-sm text-slate-700 dark:text-slate-200">
          Your token gives you the full details of your application.
        </p>
        <TokenForm key={token} initialToken={token} pressedEmpty={token === ''} onTrack={track} />
      </Card>
      <Card aria-labelledby="lost-link-title">
        <CardTitle id="lost-link-title">Lost your tracking link?</CardTitle>
        <p className="mt-1 mb-4 text-sm text-slate-700 dark:text-slate-200">
          We will e-mail the tracking links of your applications to you.
        </p>
        <LostLinkForm
          sent={email}
          // The address leaves the address bar (and the history) once the form has taken it.
          onSentTaken={() => void navigate({ to: '/track', search: {}, replace: true })}
        />
      </Card>
      <Alert tone="info" title="Don't have your tracking token?">
        <p>
          Check the status of your application with your practice number or ID number.{' '}
          <Link
            to="/track/lookup"
            className="inline-flex min-h-11 items-center font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
          >
            Look up by practice number or ID number
          </Link>
        </p>
      </Alert>
    </div>
  );
}
