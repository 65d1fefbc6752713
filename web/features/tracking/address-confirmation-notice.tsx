// The receipt's "confirm that this is your e-mail address" link opens the tracking page with
// #confirm=<code> (decision 100). The code is in the fragment, so it reaches no server log;
// this sends it once, takes it out of the address bar (a reload or a shared link does not
// carry it) and says what happened.
import { useEffect, useState } from 'react';
import { addressConfirmation } from '../../../schema/public-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Alert } from '../../ui/alert.tsx';

const UNREACHABLE_MESSAGE =
  'We could not confirm your e-mail address: the server could not be reached. Open the link in the e-mail again when you are online.';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

function codeInAddress(): string | null {
  const match = /(?:^#|&)confirm=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  return match?.[1] ?? null;
}

export function AddressConfirmationNotice({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  useEffect(() => {
    const confirm = () => {
      const code = codeInAddress();
      if (!code) return;
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}`);
      request(addressConfirmation, { params: { token }, body: { code } }).then(
        (answer) => setOutcome({ tone: 'success', text: answer.message ?? 'Confirmed.' }),
        (failure) =>
          setOutcome({
            tone: 'error',
            text:
              failure instanceof ApiError && failure.serverMessage
                ? failure.serverMessage
                : UNREACHABLE_MESSAGE,
          }),
      );
    };
    confirm();
    // The link opened while this page is already showing the application.
    window.addEventListener('hashchange', confirm);
    return () => window.removeEventListener('hashchange', confirm);
  }, [token]);
  if (!outcome) return null;
  return (
    <div className="mb-4" aria-live="polite">
      <Alert tone={outcome.tone}>{outcome.text}</Alert>
    </div>
  );
}
