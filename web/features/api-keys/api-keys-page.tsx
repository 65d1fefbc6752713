// /dashboard/api-keys (issue 40): keys for the bureau's billing system and other machines. A
// new key is shown once here; the list shows each key's start, scopes, expiry and last use, and
// a key can be revoked. A key opens only /api/machine/v1, never the dashboard.
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import {
  API_KEY_SCOPE_TEXT,
  type ApiKeyCreated,
  type ApiKeyView,
} from '../../../schema/api-keys-api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toast } from '../../ui/toast.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { ApiKeyForm } from './api-key-form.tsx';
import { revokeApiKey } from './api-keys-load.ts';

const route = getRouteApi('/dashboard/_staff/api-keys');

function stateOf(key: ApiKeyView, now: number): string {
  if (key.revokedAt) return `Revoked ${formatDateTime(key.revokedAt)}`;
  if (Date.parse(key.expiresAt) <= now) return `Expired ${formatDateTime(key.expiresAt)}`;
  return `Works until ${formatDateTime(key.expiresAt)}`;
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyView; onRevoke: () => void }) {
  const current = !apiKey.revokedAt && Date.parse(apiKey.expiresAt) > Date.now();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-all">
          {apiKey.name} <span className="font-mono text-xs">{apiKey.prefix}…</span>
        </p>
        <p className="text-slate-600 dark:text-slate-300">
          {apiKey.scopes.map((s) => API_KEY_SCOPE_TEXT[s]).join('; ')}
        </p>
        <p className="text-slate-600 dark:text-slate-300">
          {stateOf(apiKey, Date.now())} · created by {apiKey.createdByEmail ?? 'a removed account'}{' '}
          · {apiKey.lastUsedAt ? `last used ${formatDateTime(apiKey.lastUsedAt)}` : 'never used'}
        </p>
      </div>
      {current ? (
        <Button variant="secondary" aria-label={`Revoke ${apiKey.name}`} onPress={onRevoke}>
          Revoke
        </Button>
      ) : null}
    </li>
  );
}

export function ApiKeysPage() {
  usePageTitle('API keys');
  const { keys } = route.useLoaderData();
  const router = useRouter();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  async function revoke(key: ApiKeyView) {
    try {
      await revokeApiKey(key.id);
      toast({ title: 'Key revoked', description: `${key.name} no longer works.` });
      void router.invalidate();
    } catch (error) {
      toast({
        title: 'Not revoked',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setRevoking(null);
    }
  }

  return (
    <div className="space-y-6">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-bold">API keys</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Keys let the bureau's billing system read applications and enrolments and set an
          enrolment's status and provider number, under /api/machine/v1. A key never opens the
          dashboard. Each use is in the security log.{' '}
          <Link
            to="/dashboard/api-reference"
            className="text-teal-700 underline dark:text-teal-400"
          >
            API reference
          </Link>
        </p>
      </div>
      {created ? (
        <Alert tone="success" title={`Key for ${created.apiKey.name}`}>
          <p>Shown only now: copy it into the system that uses it. Only its hash is kept.</p>
          <output
            aria-label="The new key"
            className="mt-2 block font-mono text-xs break-all select-all"
          >
            {created.key}
          </output>
        </Alert>
      ) : null}
      <ApiKeyForm
        onCreated={(next) => {
          setCreated(next);
          void router.invalidate();
        }}
      />
      {keys.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No keys yet.</p>
      ) : (
        <Card padded={false}>
          <ul aria-label="API keys" className="divide-y divide-slate-200 dark:divide-slate-700">
            {keys.map((key) => (
              <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
            ))}
          </ul>
        </Card>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke ${revoking?.name ?? 'this key'}?`}
        confirmLabel="Yes, revoke it"
        destructive
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      >
        The system using it is refused from now on. This cannot be undone; create a new key instead.
      </ConfirmDialog>
    </div>
  );
}
