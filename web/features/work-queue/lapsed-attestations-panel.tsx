// Practitioners who let the confirmation of their profile lapse (issue 38): the desk calls
// them, since scheme payments go to the bank account in it. The interval is the desk's own
// setting, changed here (in the security log).
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { DeskSettings } from '../../../schema/desk-settings-api.ts';
import type { LapsedAttestation } from '../../../schema/scheme-forms-api.ts';
import {
  deskSettingsRead,
  deskSettingsSave,
  lapsedAttestationList,
} from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dates.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/field.tsx';
import { type Settled, settle } from '../dashboard/staff-api.ts';
import { useReviewAction } from '../dashboard/use-review-action.ts';

export type LapsedView = { lapsed: LapsedAttestation[]; settings: DeskSettings };

export function loadLapsedAttestations(signal: AbortSignal): Promise<Settled<LapsedView>> {
  return settle(
    Promise.all([
      request(lapsedAttestationList, { signal }),
      request(deskSettingsRead, { signal }),
    ]).then(([lapsed, settings]) => ({ lapsed, settings })),
  );
}

export function LapsedAttestationsPanel({ read }: { read: Settled<LapsedView> }) {
  if (!read.ok) {
    return (
      <Alert tone="error" title="Could not load the details to confirm">
        Reload to try again.
      </Alert>
    );
  }
  const { lapsed, settings } = read.data;
  return (
    <details className="rounded-md border border-slate-200 dark:border-slate-700">
      <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-medium outline-none focus-visible:ring-2 focus-visible:ring-teal-600">
        Details not confirmed in {settings.attestationDays} days ({lapsed.length})
      </summary>
      <div className="space-y-3 px-3 pb-3">
        {lapsed.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Every practitioner with scheme-form details confirmed them in time.
          </p>
        ) : (
          <ul className="space-y-1 text-sm">
            {lapsed.map((item) => (
              <li key={item.submissionId}>
                <Link
                  to="/dashboard/submissions/$id"
                  params={{ id: item.submissionId }}
                  className="inline-flex min-h-11 items-center font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
                >
                  {item.practitionerName}
                </Link>{' '}
                — last confirmed {formatDate(item.lastConfirmedAt)}, due {formatDate(item.dueOn)}
                {item.askedAt ? `; asked by e-mail ${formatDate(item.askedAt)}` : '; not asked yet'}
              </li>
            ))}
          </ul>
        )}
        <IntervalForm days={settings.attestationDays} />
      </div>
    </details>
  );
}

function IntervalForm({ days }: { days: number }) {
  const { busy, run } = useReviewAction();
  const [value, setValue] = useState(String(days));
  const [error, setError] = useState<string | undefined>();
  const save = () => {
    const next = Number(value);
    if (!Number.isInteger(next) || next < 30 || next > 730) {
      setError('Enter a whole number of days from 30 to 730');
      return;
    }
    void run(() => request(deskSettingsSave, { body: { attestationDays: next } }), {
      title: 'Saved',
      description: `Practitioners are asked to confirm their details every ${next} days.`,
    });
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TextField
        label="Ask practitioners to confirm every (days)"
        type="number"
        inputMode="numeric"
        min={30}
        max={730}
        value={value}
        error={error}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError(undefined);
        }}
      />
      <Button variant="secondary" isDisabled={busy} onPress={save}>
        Save
      </Button>
    </div>
  );
}
