// Re-attestation (issue 38): every so many days the practitioner is asked whether the details
// their scheme forms are filled from (the bank account schemes pay into among them) are still
// right. "Still right" needs the one-time code like any step that touches money; "Correct them"
// is the details form below.
import { useState } from 'react';
import { profileAttestationConfirm } from '../../../schema/scheme-form-endpoints.ts';
import type { ProfileAttestation } from '../../../schema/scheme-forms-api.ts';
import { request } from '../../lib/api-client.ts';
import { formatDate, isoDateTime } from '../../lib/dates.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { problemText } from './problem-text.ts';
import { ProofCode, useProof } from './proof-code.tsx';

export function AttestationCard({
  token,
  attestation,
  onConfirmed,
}: {
  token: string;
  attestation: ProfileAttestation;
  onConfirmed: (next: ProfileAttestation) => void;
}) {
  const proof = useProof(token);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<ProfileAttestation | null>(null);
  if (confirmed) {
    return (
      <Alert tone="success" title="Thank you">
        Your details are confirmed. We will ask again around {formatDate(confirmed.dueOn)}.
      </Alert>
    );
  }
  if (!attestation.due) return null;
  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const next = await request(profileAttestationConfirm, {
        params: { token },
        headers: proof.headers(),
      });
      proof.done();
      setConfirmed(next);
      onConfirmed(next);
    } catch (error) {
      if (!proof.askedBy(error))
        setProblem(problemText(error, 'Your details could not be confirmed.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card aria-labelledby="attestation-title">
      <CardTitle id="attestation-title">Are your details still right?</CardTitle>
      <p className="mt-2 text-slate-700 dark:text-slate-200">
        You last confirmed them on{' '}
        <time dateTime={isoDateTime(attestation.lastConfirmedAt)}>
          {formatDate(attestation.lastConfirmedAt)}
        </time>
        . Schemes pay into the bank account in them, so we ask every few months. If nothing has
        changed, confirm them here. If something has, correct your details on this page, or write to
        us.
      </p>
      {problem && (
        <div className="mt-3">
          <Alert tone="error">{problem}</Alert>
        </div>
      )}
      <div className="mt-3">
        <ProofCode proof={proof} action="Yes, they are still right" />
      </div>
      <Button onPress={confirm} isDisabled={busy} className="mt-4">
        {busy ? 'Confirming…' : 'Yes, they are still right'}
      </Button>
    </Card>
  );
}
