// The delivery log (issue 40): each webhook sent or waiting, newest first, with the receiver's
// last answer and a replay that sends the same webhook-id again at once.
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { WEBHOOK_EVENT_TEXT, type WebhookDeliveryView } from '../../../schema/webhooks-api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { toast } from '../../ui/toast.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { replayWebhook } from './webhooks-load.ts';

function stateOf(d: WebhookDeliveryView): [string, BadgeTone] {
  if (d.deliveredAt) return ['Delivered', 'success'];
  if (d.abandonedAt) return ['Given up', 'destructive'];
  if (d.attempts === 0) return ['Waiting', 'secondary'];
  return ['Retrying', 'warning'];
}

function answerOf(d: WebhookDeliveryView): string {
  if (d.attempts === 0) return 'Not sent yet';
  const answer = d.lastStatus === null ? 'no answer' : `answered ${d.lastStatus}`;
  const tries = d.attempts === 1 ? '1 attempt' : `${d.attempts} attempts`;
  return `${tries}, last ${formatDateTime(d.lastAttemptAt!)}: ${answer}`;
}

function DeliveryRow({ delivery }: { delivery: WebhookDeliveryView }) {
  const router = useRouter();
  const [sending, setSending] = useState(false);
  const [label, tone] = stateOf(delivery);

  async function replay() {
    setSending(true);
    try {
      const sent = await replayWebhook(delivery.id);
      toast({
        title: sent.deliveredAt ? 'Sent again' : 'Sent again, not accepted',
        description: `${delivery.webhookId}: ${answerOf(sent)}.`,
        ...(sent.deliveredAt ? {} : { variant: 'destructive' as const }),
      });
      void router.invalidate();
    } catch (error) {
      toast({
        title: 'Not sent',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {WEBHOOK_EVENT_TEXT[delivery.eventType]} <Badge tone={tone}>{label}</Badge>
        </p>
        <p className="font-mono text-xs break-all text-slate-600 dark:text-slate-300">
          {delivery.webhookId}
        </p>
        <p className="text-xs break-all text-slate-600 dark:text-slate-300">
          to <span className="font-mono">{delivery.endpointUrl}</span>
        </p>
        <p className="text-slate-600 dark:text-slate-300">
          {answerOf(delivery)}
          {delivery.lastError && delivery.lastStatus === null ? ` (${delivery.lastError})` : ''}
          {delivery.nextAttemptAt && !delivery.deliveredAt
            ? ` · next try ${formatDateTime(delivery.nextAttemptAt)}`
            : ''}
        </p>
      </div>
      <Button
        variant="secondary"
        aria-label={`Send again ${delivery.webhookId}`}
        isDisabled={sending}
        onPress={() => void replay()}
      >
        {sending ? 'Sending…' : 'Send again'}
      </Button>
    </li>
  );
}

export function WebhookDeliveryLog({ deliveries }: { deliveries: WebhookDeliveryView[] }) {
  return (
    <Card padded={false} aria-labelledby="delivery-log-title">
      <div className="px-4 pt-4">
        <CardTitle id="delivery-log-title">Delivery log</CardTitle>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          The latest 100. Sending again repeats the same webhook-id, so the billing system can tell
          it has had it before.
        </p>
      </div>
      {deliveries.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600 dark:text-slate-300">Nothing sent yet.</p>
      ) : (
        <ul aria-label="Deliveries" className="divide-y divide-slate-200 dark:divide-slate-700">
          {deliveries.map((d) => (
            <DeliveryRow key={d.id} delivery={d} />
          ))}
        </ul>
      )}
    </Card>
  );
}
