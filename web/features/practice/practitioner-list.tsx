// Every invited practitioner of a practice, as the manager sees them (decision 120): the name
// and address the manager typed, where their part stands, and per scheme the status of their
// application. Nothing of their personal details or documents.
import { useRef, useState } from 'react';
import type { InvitationState, PracticeTracking } from '../../../schema/practice-api.ts';
import {
  practiceInvitationResend,
  practiceInvitationWithdrawal,
} from '../../../schema/public-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { formatDate } from '../../lib/dates.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { toast } from '../../ui/toast.tsx';
import { schemeStatusView } from '../statuses/status-labels.ts';

type Practitioner = PracticeTracking['practitioners'][number];

const STATE_VIEW: Record<InvitationState, { label: string; tone: BadgeTone }> = {
  submitted: { label: 'Done', tone: 'success' },
  invited: { label: 'Invited', tone: 'secondary' },
  expired: { label: 'Link expired', tone: 'warning' },
  withdrawn: { label: 'Withdrawn', tone: 'outline' },
};

export function PractitionerList({
  token,
  practitioners,
  onChanged,
}: {
  token: string;
  practitioners: Practitioner[];
  onChanged: () => void;
}) {
  const done = practitioners.filter((p) => p.state === 'submitted').length;
  return (
    <Card aria-labelledby="practitioners-title">
      <CardTitle id="practitioners-title">Practitioners</CardTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {practitioners.length === 0
          ? 'No one invited yet. Invite each practitioner below.'
          : `${done} of ${practitioners.length} done.`}
      </p>
      {practitioners.length > 0 && (
        <ul className="mt-4 flex flex-col gap-3">
          {practitioners.map((p) => (
            <PractitionerItem
              key={p.invitationId}
              token={token}
              practitioner={p}
              onChanged={onChanged}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function PractitionerItem({
  token,
  practitioner: p,
  onChanged,
}: {
  token: string;
  practitioner: Practitioner;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  // Kept until a re-send is answered: pressing again after a lost answer mails once.
  const resendKey = useRef<string | null>(null);
  const state = STATE_VIEW[p.state];
  const act = async (action: 'resend' | 'withdraw') => {
    setBusy(true);
    try {
      const params = { token, invitationId: p.invitationId };
      if (action === 'resend') {
        resendKey.current ??= crypto.randomUUID();
        await request(practiceInvitationResend, {
          params,
          headers: { 'Idempotency-Key': resendKey.current },
        });
        resendKey.current = null;
        toast({ title: 'Invitation sent again', description: `A new link went to ${p.email}.` });
      } else {
        await request(practiceInvitationWithdrawal, { params });
        toast({ title: 'Invitation withdrawn', description: 'Its link no longer works.' });
      }
      onChanged();
    } catch (error) {
      toast({
        title: action === 'resend' ? 'Not sent' : 'Not withdrawn',
        description:
          (error instanceof ApiError && error.serverMessage) || 'Please try again in a moment.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-medium break-words">{p.name}</h3>
          <p className="text-sm break-all text-slate-600 dark:text-slate-300">{p.email}</p>
        </div>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      {p.state === 'invited' && (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          Link works until {formatDate(p.expiresAt)}
        </p>
      )}
      {p.schemes.length > 0 && (
        <ul className="mt-3 flex flex-col gap-1" aria-label={`Schemes of ${p.name}`}>
          {p.schemes.map((scheme) => (
            <li
              key={scheme.schemeName}
              className="flex flex-wrap items-center justify-between gap-2 text-sm"
            >
              <span>{scheme.schemeName}</span>
              <Badge tone={schemeStatusView[scheme.status].tone}>
                {schemeStatusView[scheme.status].label}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {p.state !== 'submitted' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" isDisabled={busy} onPress={() => void act('resend')}>
            {p.state === 'invited' ? 'Send again' : 'Send a new link'}
          </Button>
          {p.state !== 'withdrawn' && (
            <Button
              variant="quiet-destructive"
              isDisabled={busy}
              onPress={() => void act('withdraw')}
            >
              Withdraw
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
