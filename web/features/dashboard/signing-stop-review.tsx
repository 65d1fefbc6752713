// The practitioner pressed "This was not me" (issue 35): signing and new bank details are
// stopped and no signed form can be downloaded. A staff member who has spoken to the
// practitioner resumes them here, saying how they checked (kept and logged).
import { useState } from 'react';
import type { OpenSigningStop } from '../../../schema/scheme-forms-api.ts';
import { signingResume } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { formatDateTime, isoDateTime } from '../../lib/dates.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { useReviewAction } from './use-review-action.ts';

export function SigningStopReview({ id, stop }: { id: string; stop: OpenSigningStop }) {
  const { busy, run } = useReviewAction();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const resume = () => {
    if (note.trim().length < 3) {
      setError('Say how you checked with the practitioner');
      return;
    }
    void run(() => request(signingResume, { params: { id }, body: { note: note.trim() } }), {
      title: 'Signing resumed',
      description: 'The practitioner can sign again, and checked forms can be downloaded.',
    });
  };
  return (
    <section aria-label="Signing stopped by the practitioner" className="mt-3 space-y-3">
      <Alert tone="warning" title="Signing stopped by the practitioner">
        {stop.reason}, on{' '}
        <time dateTime={isoDateTime(stop.stoppedAt)}>{formatDateTime(stop.stoppedAt)}</time>.
        {stop.note && <> They wrote: “{stop.note}”.</>} Call the practitioner on the number of the
        application before anything goes out; no signed form can be downloaded until then.
      </Alert>
      <TextAreaField
        label="How did you check with the practitioner?"
        rows={2}
        maxLength={500}
        value={note}
        error={error}
        onChange={(e) => {
          setNote(e.target.value);
          if (error) setError(undefined);
        }}
      />
      <Button variant="secondary" isDisabled={busy} onPress={resume}>
        Resume signing
      </Button>
    </section>
  );
}
