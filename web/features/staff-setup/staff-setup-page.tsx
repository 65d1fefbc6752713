// Two-step sign-in set-up for staff accounts (issue 25): who has set it up, whose one-time
// set-up link is still waiting, and a new link for an account that has not set it up. The
// link is shown once, here, to hand to its owner; only its issue is logged.
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { IssuedSetUpLink, StaffSetUpStatus } from '../../../schema/staff-setup-api.ts';
import { formatDateTime, isoDateTime } from '../../lib/dates.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { toast } from '../../ui/toast.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { issueSetUpLink } from './staff-setup-load.ts';

const route = getRouteApi('/dashboard/_staff/staff-setup');

function stateOf(account: StaffSetUpStatus): string {
  if (account.disabled) return 'Disabled';
  if (account.enrolled) return 'Set up';
  if (account.setUpLinkExpiresAt) {
    return `Set-up link waiting, until ${formatDateTime(account.setUpLinkExpiresAt)}`;
  }
  return 'Not set up, no working link';
}

function AccountRow({
  account,
  onIssued,
}: {
  account: StaffSetUpStatus;
  onIssued: (issued: IssuedSetUpLink & { email: string }) => void;
}) {
  const [busy, setBusy] = useState(false);
  const canIssue = !account.enrolled && !account.disabled;
  async function issue() {
    setBusy(true);
    try {
      onIssued({ ...(await issueSetUpLink(account.id)), email: account.email });
    } catch (error) {
      toast({
        title: 'No set-up link issued',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-all">{account.email}</p>
        <p className="text-slate-600 dark:text-slate-300">{stateOf(account)}</p>
        {account.lastLoginAt ? (
          <p className="text-slate-600 dark:text-slate-300">
            Last signed in{' '}
            <time dateTime={isoDateTime(account.lastLoginAt)}>
              {formatDateTime(account.lastLoginAt)}
            </time>
          </p>
        ) : null}
      </div>
      {canIssue ? (
        <Button
          variant="secondary"
          isDisabled={busy}
          aria-label={`Issue a new set-up link for ${account.email}`}
          onPress={() => void issue()}
        >
          {busy ? 'Issuing…' : 'Issue a new set-up link'}
        </Button>
      ) : null}
    </li>
  );
}

export function StaffSetUpPage() {
  const accounts = route.useLoaderData();
  const router = useRouter();
  const [issued, setIssued] = useState<(IssuedSetUpLink & { email: string }) | null>(null);
  const waiting = accounts.filter((a) => !a.enrolled && !a.disabled);

  return (
    <div className="space-y-6">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-bold">Staff sign-in set-up</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Every staff account needs two-step sign-in. An account sets it up only through a one-time
          set-up link, valid for 24 hours. Issue a new link when the last one expired or was lost,
          and give it to the account's owner yourself.
        </p>
      </div>
      {issued ? (
        <Alert tone="success" title={`Set-up link for ${issued.email}`}>
          <p>
            Shown only now. It works once, until {formatDateTime(issued.expiresAt)}, and replaces
            any earlier link.
          </p>
          <p className="mt-2 font-mono text-xs break-all select-all">{issued.link}</p>
        </Alert>
      ) : null}
      <Card padded={false}>
        <ul aria-label="Staff accounts" className="divide-y divide-slate-200 dark:divide-slate-700">
          {accounts.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              onIssued={(link) => {
                setIssued(link);
                void router.invalidate();
              }}
            />
          ))}
        </ul>
      </Card>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {waiting.length === 0
          ? 'Every enabled account has set up two-step sign-in.'
          : `${waiting.length} enabled ${waiting.length === 1 ? 'account has' : 'accounts have'} not set up two-step sign-in yet.`}
      </p>
    </div>
  );
}
