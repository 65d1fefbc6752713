// The submission's own status, with an optional note for the timeline.
import { type FormEvent, useState } from 'react';
import { submissionStatusChange } from '../../../schema/staff-endpoints.ts';
import type { SubmissionStatus } from '../../../schema/submission-api.ts';
import { request } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { dashboardStatusView } from '../statuses/status-labels.ts';
import { SUBMISSION_STATUSES } from './presentation.ts';
import { useReviewAction } from './use-review-action.ts';

export function StatusCard({ id, status }: { id: string; status: SubmissionStatus }) {
  const [next, setNext] = useState<SubmissionStatus>(status);
  const [note, setNote] = useState('');
  const { busy: saving, run } = useReviewAction();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = note.trim();
    const saved = await run(
      () =>
        request(submissionStatusChange, {
          params: { id },
          body: { status: next, ...(trimmed ? { note: trimmed } : {}) },
        }),
      {
        title: 'Status updated',
        description: `The submission is now ${dashboardStatusView[next].label}.`,
      },
    );
    if (saved) setNote('');
  }

  return (
    <Card aria-labelledby="status-title">
      <CardTitle id="status-title">Application status</CardTitle>
      <form onSubmit={save} className="mt-3 space-y-3">
        <Field label="Status">
          <select
            value={next}
            onChange={(e) => setNext(e.target.value as SubmissionStatus)}
            className={inputClass}
          >
            {SUBMISSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {dashboardStatusView[s].label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Note for the timeline (optional)">
          <textarea
            rows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className={inputClass}
          />
        </Field>
        <Button type="submit" isDisabled={saving || (next === status && !note.trim())}>
          {saving ? 'Saving...' : 'Update status'}
        </Button>
      </form>
    </Card>
  );
}
