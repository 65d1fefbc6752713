// "This was not me" (issue 35): the link in a change or signing mail opens this page with
// #not-me=<code>. The code is in the fragment, so it reaches no server log; it is taken out of
// the address bar at once (a reload or a shared link does not carry it). Nothing is stopped
// until the practitioner presses the button: a mail scanner that opens links stops nothing.
import { useEffect, useState } from 'react';
import { signingStop } from '../../../schema/scheme-form-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { problemText } from './problem-text.ts';

/** The code of the mail's link, read once from the address and taken out of it. */
export function useStopCode(): string | null {
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => {
    const read = () => {
      const match = /(?:^#|&)not-me=([A-Za-z0-9_-]+)/.exec(window.location.hash);
      if (!match?.[1]) return;
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}`);
      setCode(match[1]);
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  return code;
}

export function SigningStopPanel({
  token,
  code,
  onStopped,
}: {
  token: string;
  code: string;
  onStopped: () => void;
}) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (done) {
    return (
      <Alert tone="success" title="Signing is stopped">
        {done}
      </Alert>
    );
  }
  const stop = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await request(signingStop, {
        params: { token },
        body: { code, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      setDone(answer.message);
      onStopped();
    } catch (error) {
      setProblem(problemText(error, 'Signing could not be stopped.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card aria-labelledby="not-me-title">
      <CardTitle id="not-me-title">Was this not you?</CardTitle>
      <p className="mt-2 text-slate-700 dark:text-slate-200">
        Stop all signing of scheme forms for your application. Nobody will be able to sign your
        forms or change your bank details, and we will send no signed form to a scheme, until we
        have spoken to you.
      </p>
      <TextAreaField
        className="mt-3"
        label="What happened?"
        optional
        rows={3}
        maxLength={500}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {problem && (
        <div className="mt-3">
          <Alert tone="error">{problem}</Alert>
        </div>
      )}
      <Button onPress={stop} isDisabled={busy} className="mt-4">
        {busy ? 'Stopping…' : 'Stop signing'}
      </Button>
    </Card>
  );
}

/** Shown while signing is stopped: what it means and what to do. */
export function SigningStoppedNotice() {
  return (
    <Alert tone="warning" title="Signing is stopped for your application">
      You told us a change was not yours, so nobody can sign your forms or change your bank details
      for now. We will call you to put it right.
    </Alert>
  );
}
