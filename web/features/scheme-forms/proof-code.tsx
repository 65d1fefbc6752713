// The one-time code step (decision 108): before new bank details are saved or forms signed,
// the server asks for a code it mails to the application's confirmed address. The page shows
// this card when the server asks, the practitioner has the code sent, types it, and presses
// the same Save or Sign button again; the code goes with that one request.
import { useState } from 'react';
import { profileProof } from '../../../schema/scheme-form-endpoints.ts';
import { PROOF_CODE_HEADER } from '../../../schema/scheme-forms-api.ts';
import { request } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/field.tsx';
import { problemText } from './problem-text.ts';

const ASKS_FOR_CODE = new Set(['proof_required', 'proof_invalid', 'address_not_confirmed']);

export type Proof = ReturnType<typeof useProof>;

export function useProof(token: string) {
  /** What the server said when it asked for a code; null while none is asked for. */
  const [asked, setAsked] = useState<{ message: string; confirmFirst: boolean } | null>(null);
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sendProblem, setSendProblem] = useState<string | null>(null);

  return {
    token,
    asked,
    code,
    setCode,
    sentTo,
    sending,
    sendProblem,
    /** The header the next Save or Sign carries, once a code is typed. */
    headers: (): Record<string, string> =>
      code.trim() ? { [PROOF_CODE_HEADER]: code.replace(/\D/g, '') } : {},
    /** True when the failure was the server asking for a code: the card then says what to do. */
    askedBy(error: unknown): boolean {
      const reason = error instanceof ApiError ? error.body?.error.code : undefined;
      if (!reason || !ASKS_FOR_CODE.has(reason)) return false;
      setAsked({
        message: (error as ApiError).serverMessage ?? '',
        confirmFirst: reason === 'address_not_confirmed',
      });
      if (reason === 'proof_invalid') setCode('');
      return true;
    },
    done() {
      setAsked(null);
      setCode('');
      setSentTo(null);
    },
    async send() {
      setSending(true);
      setSendProblem(null);
      try {
        const sent = await request(profileProof, { params: { token } });
        setSentTo(sent.sentTo);
      } catch (error) {
        if (error instanceof ApiError && error.body?.error.code === 'address_not_confirmed') {
          setAsked({ message: error.serverMessage ?? '', confirmFirst: true });
        } else setSendProblem(problemText(error, 'The code could not be sent.'));
      } finally {
        setSending(false);
      }
    },
  };
}

export function ProofCode({ proof, action }: { proof: Proof; action: string }) {
  if (!proof.asked) return null;
  if (proof.asked.confirmFirst) {
    return <Alert tone="warning">{proof.asked.message}</Alert>;
  }
  return (
    <section
      aria-labelledby="proof-title"
      className="space-y-3 rounded-md border border-slate-300 p-4 dark:border-slate-600"
    >
      <h2 id="proof-title" className="font-semibold">
        Confirm it is you
      </h2>
      <p className="text-sm">
        To keep your bank details safe, we e-mail a 6-digit code to the address you confirmed. It
        works once, for 10 minutes.
      </p>
      {proof.sentTo ? (
        <Alert tone="info">
          We sent a code to {proof.sentTo}. Type it below, then press {action} again.
        </Alert>
      ) : (
        <Alert tone="warning">{proof.asked.message}</Alert>
      )}
      {proof.sendProblem && <Alert tone="error">{proof.sendProblem}</Alert>}
      <Button variant="secondary" onPress={proof.send} isDisabled={proof.sending}>
        {proof.sending ? 'Sending…' : proof.sentTo ? 'Send a new code' : 'Send me a code'}
      </Button>
      <TextField
        label="Code from the e-mail"
        name="one-time-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        value={proof.code}
        onChange={(event) => proof.setCode(event.target.value)}
      />
    </section>
  );
}
