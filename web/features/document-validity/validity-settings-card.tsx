// The desk's settings for documents that expire (issue 38): the days before a document's last
// good day the practitioner is mailed (30 and 7 by default, besides the day itself), and how
// often practitioners confirm their details (decision 123). Each saved on its own.
import { useState } from 'react';
import { formatDateTime } from '../../lib/dates.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { TextField } from '../../ui/field.tsx';
import { useReviewAction } from '../dashboard/use-review-action.ts';
import { reminderDaysOf } from './reminder-days.ts';
import {
  changeAttestationDays,
  changeReminderDays,
  type ValidityPageData,
} from './validity-load.ts';

export function ValiditySettingsCard({ data }: { data: ValidityPageData }) {
  const { desk, validity } = data;
  return (
    <Card aria-labelledby="validity-settings-title">
      <CardTitle id="validity-settings-title">Desk settings</CardTitle>
      <div className="mt-3 grid gap-6 md:grid-cols-2">
        {/* Keyed by the saved value: after a save the field shows it as kept (sorted, once each). */}
        <ReminderDaysForm
          key={validity.settings.reminderLeadDays.join()}
          days={validity.settings.reminderLeadDays}
        />
        <div>
          <AttestationForm key={desk.attestationDays} days={desk.attestationDays} />
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            {desk.updatedBy && desk.updatedAt
              ? `Last changed by ${desk.updatedBy}, ${formatDateTime(desk.updatedAt)}.`
              : 'As the portal started (120 days).'}
          </p>
        </div>
      </div>
    </Card>
  );
}

function ReminderDaysForm({ days }: { days: number[] }) {
  const { busy, run } = useReviewAction();
  const [value, setValue] = useState(days.join(', '));
  const [error, setError] = useState<string | undefined>();
  const save = () => {
    const parsed = reminderDaysOf(value);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    void run(() => changeReminderDays(parsed.days), {
      title: 'Saved',
      description: `Practitioners are mailed ${parsed.days.join(' and ')} days before, and on the day.`,
    });
  };
  return (
    <SettingForm label="Reminder days" onSave={save} busy={busy}>
      <TextField
        label="Remind practitioners this many days before"
        hint="Up to five numbers, with commas: 30, 7. The day itself is always mailed."
        inputMode="numeric"
        value={value}
        error={error}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError(undefined);
        }}
      />
    </SettingForm>
  );
}

function AttestationForm({ days }: { days: number }) {
  const { busy, run } = useReviewAction();
  const [value, setValue] = useState(String(days));
  const [error, setError] = useState<string | undefined>();
  const save = () => {
    const next = Number(value);
    if (!/^\d+$/.test(value.trim()) || next < 30 || next > 730) {
      setError('Enter a whole number of days from 30 to 730');
      return;
    }
    void run(() => changeAttestationDays(next), {
      title: 'Saved',
      description: `Practitioners are asked to confirm their details every ${next} days.`,
    });
  };
  return (
    <SettingForm label="Confirmation interval" onSave={save} busy={busy}>
      <TextField
        label="Ask practitioners to confirm their details every (days)"
        hint="From 30 to 730 days."
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
    </SettingForm>
  );
}

function SettingForm({
  label,
  onSave,
  busy,
  children,
}: {
  label: string;
  onSave: () => void;
  busy: boolean;
  children: React.ReactNode;
}) {
  return (
    <form
      aria-label={label}
      noValidate
      className="flex flex-wrap items-start gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <div className="min-w-0 flex-1 basis-56">{children}</div>
      <Button type="submit" variant="secondary" isDisabled={busy} className="sm:mt-6">
        Save
      </Button>
    </form>
  );
}
