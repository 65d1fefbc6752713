// The date a document carries for its validity rule (issue 38, decision 118) on the review page:
// the date the practitioner gave and the last day it is good, and staff's correction of a date
// misread or mistyped (the good-until follows from the rule; in the security log).
import { type FormEvent, useState } from 'react';
import { VALIDITY_RULE_SEED, validityDateSchema } from '../../../schema/document-validity.ts';
import { validityDateChange } from '../../../schema/staff-endpoints.ts';
import type { StaffDocument } from '../../../schema/staff-review-api.ts';
import { request } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dates.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { useReviewAction } from './use-review-action.ts';

const day = (date: string) => formatDate(`${date}T12:00:00Z`);

/** Shown for a dated document, or one of a section the bureau starts with a rule for. */
export function DocumentValidityDate({ doc }: { doc: StaffDocument }) {
  const [open, setOpen] = useState(false);
  const seeded = VALIDITY_RULE_SEED.some((r) => r.sectionKey === doc.sectionKey);
  if (!doc.validityDate && !seeded) return null;
  const action = doc.validityDate ? 'Correct the date' : 'Add the date';
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p>
        {doc.validityDate ? (
          <>
            Date on it: <time dateTime={doc.validityDate}>{day(doc.validityDate)}</time>
            {doc.goodUntil && (
              <>
                {' '}
                · good until <time dateTime={doc.goodUntil}>{day(doc.goodUntil)}</time>
              </>
            )}
          </>
        ) : (
          'No date given for it'
        )}
      </p>
      <Button
        variant="secondary"
        className="px-3"
        aria-label={`${action} of ${doc.fileName}`}
        onPress={() => setOpen(true)}
      >
        {action}
      </Button>
      {open && <CorrectDateDialog doc={doc} onClose={() => setOpen(false)} />}
    </div>
  );
}

function CorrectDateDialog({ doc, onClose }: { doc: StaffDocument; onClose: () => void }) {
  const [date, setDate] = useState(doc.validityDate ?? '');
  const [error, setError] = useState<string>();
  const { busy, run } = useReviewAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = validityDateSchema.safeParse(date);
    if (!parsed.success) {
      setError(date ? parsed.error.issues[0]?.message : 'Give the date on the document');
      return;
    }
    const saved = await run(
      () => request(validityDateChange, { params: { id: doc.id }, body: { date: parsed.data } }),
      { title: 'Date corrected', description: `${doc.fileName} is dated ${day(parsed.data)}.` },
    );
    if (saved) onClose();
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen && !busy) onClose();
      }}
      isDismissable={!busy}
      title="Correct the document's date"
    >
      <p className="text-sm break-all">
        <strong>{doc.fileName}</strong>
      </p>
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <Field
          label="Date on the document"
          hint="Certified on, dated, valid until or renewed on, as the rule asks. Recorded in the security log."
          error={error}
        >
          <input
            type="date"
            className={inputClass}
            value={date}
            disabled={busy}
            onChange={(e) => {
              setDate(e.target.value);
              if (error) setError(undefined);
            }}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={busy}>
            {busy ? 'Saving…' : 'Save the date'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
