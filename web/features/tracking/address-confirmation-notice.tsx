// The receipt's "confirm that this is your e-mail address" link opens the tracking page with
// #confirm=<code> (decision 100). The code is in the fragment, so it reaches no server log; it
// is taken out of the address bar at once (a reload or a shared link does not carry it). The
// page asks before it sends it: someone may have applied with this address, and whoever
// confirms joins the application to the address's practitioner (security review L5). The
// application itself shows below the question.
import { useEffect, useState } from 'react';
import { addressConfirmation } from '../../../schema/public-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';

const UNREACHABLE_MESSAGE =
  'We could not confirm your e-mail address: the server could not be reached. Open the link in the e-mail again when you are online.';

type Outcome = { tone: 'success' | 'error' | 'info'; text: string } | null;

function codeInAddress(): string | null {
  const match = /(?:^#|&)confirm=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  return match?.[1] ?? null;
}

export function AddressConfirmationNotice({ token }: { token: string }) {
  const { supportEmail } = usePublicConfig();
  const [code, setCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  useEffect(() => {
    const read = () => {
      const found = codeInAddress();
      if (!found) return;
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}`);
      setOutcome(null);
      setCode(found);
    };
    read();
    // The link opened while this page is already showing the application.
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);

  const confirm = (confirmed: string) => {
    setBusy(true);
    request(addressConfirmation, { params: { token }, body: { code: confirmed } })
      .then(
        (answer) => setOutcome({ tone: 'success', text: answer.message ?? 'Confirmed.' }),
        (failure) =>
          setOutcome({
            tone: 'error',
            text:
              failure instanceof ApiError && failure.serverMessage
                ? failure.serverMessage
                : UNREACHABLE_MESSAGE,
          }),
      )
      .finally(() => {
        setBusy(false);
        setCode(null);
      });
  };

  if (outcome) {
    return (
      <div className="mb-4" aria-live="polite">
        <Alert tone={outcome.tone}>{outcome.text}</Alert>
      </div>
    );
  }
  if (!code) return null;
  return (
    <div className="mb-4">
      <Card aria-labelledby="confirm-address-title">
        <CardTitle id="confirm-address-title">Is this your application?</CardTitle>
        <p className="mt-2 text-slate-700 dark:text-slate-200">
          You opened the link in the e-mail we sent when this application was made. If you made it,
          confirm: your applications made with this e-mail address are then kept together. The
          application is shown below.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button onPress={() => confirm(code)} isDisabled={busy}>
            {busy ? 'Confirming…' : 'Yes, this is my application'}
          </Button>
          <Button
            variant="secondary"
            isDisabled={busy}
            onPress={() => {
              setCode(null);
              setOutcome({
                tone: 'info',
                text: `Nothing was confirmed. If someone applied with your e-mail address, write to us at ${supportEmail}.`,
              });
            }}
          >
            No, I did not apply
          </Button>
        </div>
      </Card>
    </div>
  );
}
