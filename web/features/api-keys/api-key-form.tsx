// A new key for a machine (issue 40): its name, what it may do and for how long. The key's text
// comes back once and is shown by the page; only its hash is kept.
import { type FormEvent, useState } from 'react';
import {
  API_KEY_SCOPE_TEXT,
  API_KEY_SCOPES,
  type ApiKeyCreated,
  type ApiKeyScope,
} from '../../../schema/api-keys-api.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { TextField } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { createApiKey } from './api-keys-load.ts';

export function ApiKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreated) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['applications:read']);
  const [days, setDays] = useState('90');
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      onCreated(await createApiKey({ name, scopes, expiresInDays: Number(days) }));
      setName('');
    } catch (error) {
      toast({
        title: 'No key created',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card aria-labelledby="new-key-title">
      <CardTitle id="new-key-title">Create a key</CardTitle>
      <form onSubmit={(e) => void submit(e)} className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField
          label="Name"
          hint="The system that will use it, e.g. the billing system."
          value={name}
          maxLength={80}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Works for (days)"
          hint="At most 365; a new key is needed after that."
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          value={days}
          required
          onChange={(e) => setDays(e.target.value)}
        />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">What it may do</legend>
          {API_KEY_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              checked={scopes.includes(scope)}
              description={scope}
              onChange={(e) =>
                setScopes((all) =>
                  e.target.checked ? [...all, scope] : all.filter((s) => s !== scope),
                )
              }
            >
              {API_KEY_SCOPE_TEXT[scope]}
            </Checkbox>
          ))}
        </fieldset>
        <div className="sm:col-span-2">
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Creating…' : 'Create key'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
