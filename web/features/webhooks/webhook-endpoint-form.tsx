// A new webhook endpoint (issue 40): the billing system's address, its name and the events it
// wants. The signing secret comes back once and is shown by the page.
import { type FormEvent, useState } from 'react';
import {
  WEBHOOK_EVENT_TEXT,
  WEBHOOK_EVENTS,
  type WebhookEndpointCreated,
  type WebhookEventType,
} from '../../../schema/webhooks-api.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { TextField } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { createWebhookEndpoint } from './webhooks-load.ts';

export function WebhookEndpointForm({
  onCreated,
}: {
  onCreated: (created: WebhookEndpointCreated) => void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['enrolment.status_changed']);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      onCreated(await createWebhookEndpoint({ url, description, events }));
      setUrl('');
      setDescription('');
    } catch (error) {
      toast({
        title: 'No endpoint added',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card aria-labelledby="new-endpoint-title">
      <CardTitle id="new-endpoint-title">Add an endpoint</CardTitle>
      <form onSubmit={(e) => void submit(e)} className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField
          label="Webhook address"
          hint="Where the billing system receives webhooks; https:// only."
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={url}
          maxLength={500}
          required
          onChange={(e) => setUrl(e.target.value)}
        />
        <TextField
          label="Name"
          hint="The system that receives them, e.g. the billing system."
          value={description}
          maxLength={80}
          required
          onChange={(e) => setDescription(e.target.value)}
        />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">Events to send</legend>
          {WEBHOOK_EVENTS.map((type) => (
            <Checkbox
              key={type}
              checked={events.includes(type)}
              description={type}
              onChange={(e) =>
                setEvents((all) =>
                  e.target.checked ? [...all, type] : all.filter((t) => t !== type),
                )
              }
            >
              {WEBHOOK_EVENT_TEXT[type]}
            </Checkbox>
          ))}
        </fieldset>
        <div className="sm:col-span-2">
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Adding…' : 'Add endpoint'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
