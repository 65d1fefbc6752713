// The manager adds a practitioner by name and e-mail (decision 120). The link goes to that
// address only; the manager never sees it.
import { type FormEvent, useRef, useState } from 'react';
import { practiceInvitation } from '../../../schema/public-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { TextField } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';

export function InviteForm({ token, onInvited }: { token: string; onInvited: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | undefined>();
  // One key per practitioner being invited: pressing Send again after an answer that never came
  // is the same invitation (invited once, mailed once); other details are a new one.
  const attempt = useRef<{ who: string; key: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    setFields({});
    const who = `${name.trim()}\n${email.trim().toLowerCase()}`;
    if (attempt.current?.who !== who) attempt.current = { who, key: crypto.randomUUID() };
    try {
      await request(practiceInvitation, {
        params: { token },
        body: { name, email },
        headers: { 'Idempotency-Key': attempt.current.key },
      });
      attempt.current = null;
      toast({ title: 'Invitation sent', description: `We e-mailed ${email.trim()} their link.` });
      setName('');
      setEmail('');
      onInvited();
    } catch (error) {
      const body = error instanceof ApiError ? error.body : null;
      setFields(body?.error.fields ?? {});
      setProblem(body?.error.message ?? 'The invitation could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card aria-labelledby="invite-title">
      <CardTitle id="invite-title">Invite a practitioner</CardTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Each practitioner gets their own link by e-mail to add their ID number, HPCSA number,
        personal documents and POPIA consent. The practice's part is filled in for them.
      </p>
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <TextField
          label="Practitioner's name"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fields.name}
          required
          maxLength={160}
        />
        <TextField
          label="Their e-mail address"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fields.email}
          required
          maxLength={254}
        />
        {problem && (
          <div className="sm:col-span-2">
            <Alert tone="error">{problem}</Alert>
          </div>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" isDisabled={busy}>
            {busy ? 'Sending...' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
