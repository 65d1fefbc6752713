// "Lost your tracking link?" on /track: the tracking links of every application made with an
// e-mail address are mailed to it (POST /api/tracking-links). The server answers the same for
// any address, so the page shows its message as it is and reveals nothing either.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { trackingLinks } from '../../../schema/public-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/field.tsx';

export const EMPTY_EMAIL_MESSAGE = 'Please enter your e-mail address';
const UNREACHABLE_MESSAGE =
  'We could not reach the server. Please check your connection and try again.';

const SENT_MESSAGE = 'Please check your e-mail for your tracking links.';

type Answer = { tone: 'success' | 'error'; text: string } | null;

export function LostLinkForm({
  sent,
  onSentTaken,
}: {
  /** The address this form sent natively before the app had started ('' when empty). */
  sent?: string;
  onSentTaken?: () => void;
} = {}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [answer, setAnswer] = useState<Answer>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await send(email.trim());
  };

  const send = async (address: string) => {
    if (!address) {
      setError(EMPTY_EMAIL_MESSAGE);
      return;
    }
    setError(undefined);
    setAnswer(null);
    setBusy(true);
    try {
      const result = await request(trackingLinks, { body: { email: address } });
      // The contract's message is optional; this server always sends it.
      setAnswer({ tone: 'success', text: result.message ?? SENT_MESSAGE });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        setError(failure.body?.error.fields?.email ?? failure.serverMessage);
      } else if (failure instanceof ApiError && failure.serverMessage) {
        // 429 included: the server says when to try again.
        setAnswer({ tone: 'error', text: failure.serverMessage });
      } else {
        setAnswer({ tone: 'error', text: UNREACHABLE_MESSAGE });
      }
    } finally {
      setBusy(false);
    }
  };

  // Answered once, after the first render (which matches the pre-rendered page it takes over).
  const answerSent = useRef(() => {});
  answerSent.current = () => {
    if (sent === undefined) return;
    setEmail(sent);
    void send(sent);
    onSentTaken?.();
  };
  useEffect(() => {
    if (sent !== undefined) answerSent.current();
  }, [sent]);

  // Named and sent to /track, so the browser can send it before the app has started.
  return (
    <form
      method="get"
      action="/track"
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-3"
    >
      <TextField
        label="E-mail address"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (error) setError(undefined);
        }}
        hint="The address you gave in your application."
        error={error}
      />
      <div>
        <Button type="submit" variant="secondary" isDisabled={busy}>
          {busy ? 'Sending...' : 'E-mail me my links'}
        </Button>
      </div>
      <div role="status">
        {answer && (
          <Alert tone={answer.tone === 'success' ? 'success' : 'warning'}>{answer.text}</Alert>
        )}
      </div>
    </form>
  );
}
