// /dashboard/webhooks (issue 40, decision 122): where the product tells the billing system of
// new applications, enrolment outcomes with provider numbers, replaced documents and deleted
// applications. An endpoint's signing secret is shown once (on adding and on a new secret);
// an endpoint paused after failing is resumed here; the delivery log shows what was sent.
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import {
  WEBHOOK_EVENT_TEXT,
  type WebhookEndpointCreated,
  type WebhookEndpointView,
} from '../../../schema/webhooks-api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toast } from '../../ui/toast.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { WebhookDeliveryLog } from './webhook-delivery-log.tsx';
import { WebhookEndpointForm } from './webhook-endpoint-form.tsx';
import {
  resumeWebhookEndpoint,
  revokeWebhookEndpoint,
  rotateWebhookSecret,
} from './webhooks-load.ts';

const route = getRouteApi('/dashboard/_staff/webhooks');

type Action = { kind: 'revoke' | 'rotate'; endpoint: WebhookEndpointView };

function EndpointRow({
  endpoint,
  onAction,
  onResume,
}: {
  endpoint: WebhookEndpointView;
  onAction: (action: Action) => void;
  onResume: () => void;
}) {
  const current = !endpoint.revokedAt;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {endpoint.description}
          {endpoint.revokedAt ? <Badge tone="secondary">Revoked</Badge> : null}
          {current && endpoint.pausedAt ? <Badge tone="destructive">Paused</Badge> : null}
        </p>
        <p className="font-mono text-xs break-all">{endpoint.url}</p>
        <p className="text-slate-600 dark:text-slate-300">
          {endpoint.events.map((e) => WEBHOOK_EVENT_TEXT[e]).join('; ')}
        </p>
        <p className="text-slate-600 dark:text-slate-300">
          {endpoint.revokedAt
            ? `Revoked ${formatDateTime(endpoint.revokedAt)}`
            : endpoint.pausedAt
              ? `Paused ${formatDateTime(endpoint.pausedAt)} after failing; what waits is sent once resumed`
              : `Added ${formatDateTime(endpoint.createdAt)}`}{' '}
          · by {endpoint.createdByEmail ?? 'a removed account'}
        </p>
      </div>
      {current ? (
        <div className="flex flex-wrap gap-2">
          {endpoint.pausedAt ? (
            <Button aria-label={`Resume ${endpoint.description}`} onPress={onResume}>
              Resume
            </Button>
          ) : null}
          <Button
            variant="secondary"
            aria-label={`New secret for ${endpoint.description}`}
            onPress={() => onAction({ kind: 'rotate', endpoint })}
          >
            New secret
          </Button>
          <Button
            variant="secondary"
            aria-label={`Revoke ${endpoint.description}`}
            onPress={() => onAction({ kind: 'revoke', endpoint })}
          >
            Revoke
          </Button>
        </div>
      ) : null}
    </li>
  );
}

export function WebhooksPage() {
  usePageTitle('Webhooks');
  const { endpoints, deliveries } = route.useLoaderData();
  const router = useRouter();
  const [secret, setSecret] = useState<WebhookEndpointCreated | null>(null);
  const [action, setAction] = useState<Action | null>(null);

  async function run(title: string, work: () => Promise<unknown>) {
    try {
      await work();
      void router.invalidate();
    } catch (error) {
      toast({
        title,
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  async function confirm({ kind, endpoint }: Action) {
    setAction(null);
    if (kind === 'rotate') {
      await run('No new secret', async () => setSecret(await rotateWebhookSecret(endpoint.id)));
    } else {
      await run('Not revoked', async () => {
        await revokeWebhookEndpoint(endpoint.id);
        toast({ title: 'Endpoint revoked', description: `Nothing more goes to ${endpoint.url}.` });
      });
    }
  }

  return (
    <div className="space-y-6">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-bold">Webhooks</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          The billing system is told within a minute when an application arrives, an enrolment's
          status or provider number changes, a document is replaced or an application is deleted.
          Each webhook is signed (Standard Webhooks) and retried for up to three days; an endpoint
          that keeps failing is paused and staff are e-mailed. Names and numbers only: no ID
          numbers, contact details, documents or bank details.
        </p>
      </div>
      {secret ? (
        <Alert tone="success" title={`Signing secret for ${secret.endpoint.description}`}>
          <p>
            Shown only now: copy it into the billing system, which checks every webhook with it.
          </p>
          <output
            aria-label="The signing secret"
            className="mt-2 block font-mono text-xs break-all select-all"
          >
            {secret.secret}
          </output>
        </Alert>
      ) : null}
      <WebhookEndpointForm
        onCreated={(created) => {
          setSecret(created);
          void router.invalidate();
        }}
      />
      {endpoints.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No endpoints yet.</p>
      ) : (
        <Card padded={false} aria-labelledby="endpoints-title">
          <CardTitle id="endpoints-title" className="px-4 pt-4">
            Endpoints
          </CardTitle>
          <ul aria-label="Endpoints" className="divide-y divide-slate-200 dark:divide-slate-700">
            {endpoints.map((endpoint) => (
              <EndpointRow
                key={endpoint.id}
                endpoint={endpoint}
                onAction={setAction}
                onResume={() => void run('Not resumed', () => resumeWebhookEndpoint(endpoint.id))}
              />
            ))}
          </ul>
        </Card>
      )}
      <WebhookDeliveryLog deliveries={deliveries} />
      <ConfirmDialog
        open={action !== null}
        title={
          action?.kind === 'rotate'
            ? `A new secret for ${action.endpoint.description}?`
            : `Revoke ${action?.endpoint.description ?? 'this endpoint'}?`
        }
        confirmLabel={action?.kind === 'rotate' ? 'Yes, make a new secret' : 'Yes, revoke it'}
        destructive
        onConfirm={() => action && void confirm(action)}
        onCancel={() => setAction(null)}
      >
        {action?.kind === 'rotate'
          ? 'Webhooks are signed with the new secret from now on; the billing system must be given it at once, or it will refuse them.'
          : 'Nothing more is sent to it. This cannot be undone; add the endpoint again instead.'}
      </ConfirmDialog>
    </div>
  );
}
