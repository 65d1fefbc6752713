// 'Waiting on the practitioner' on the review page (issue 27): the scheme's open or last
// request, and, with none open, a form to ask the practitioner for something — optionally one
// of the application's documents to send again (it is marked rejected with the request).
import { type FormEvent, useState } from 'react';
import type { StaffEnrolment } from '../../../schema/enrolment-api.ts';
import { practitionerRequestSend } from '../../../schema/staff-endpoints.ts';
import type { StaffDocument } from '../../../schema/staff-review-api.ts';
import { request } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dates.ts';
import { Button } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { useReviewAction } from './use-review-action.ts';

export function PractitionerRequest({
  statusId,
  schemeName,
  last,
  documents,
}: {
  statusId: string;
  schemeName: string;
  last: StaffEnrolment['request'];
  documents: readonly StaffDocument[];
}) {
  const [open, setOpen] = useState(false);
  const waiting = last && !last.answeredAt;
  return (
    <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
      {last && <LastRequest last={last} documents={documents} />}
      {!waiting &&
        (open ? (
          <AskForm
            statusId={statusId}
            schemeName={schemeName}
            documents={documents}
            onDone={() => setOpen(false)}
          />
        ) : (
          <Button
            variant="secondary"
            onPress={() => setOpen(true)}
            aria-label={`Ask the practitioner about ${schemeName}`}
          >
            Ask the practitioner…
          </Button>
        ))}
    </div>
  );
}

function LastRequest({
  last,
  documents,
}: {
  last: NonNullable<StaffEnrolment['request']>;
  documents: readonly StaffDocument[];
}) {
  const document = documents.find((d) => d.id === last.documentId);
  return (
    <div className="mb-2">
      <p className="font-medium">
        {last.answeredAt
          ? `The practitioner answered on ${formatDate(last.answeredAt)}`
          : `Waiting on the practitioner since ${formatDate(last.requestedAt)}`}
      </p>
      <p className="mt-1 whitespace-pre-line">Asked: {last.request}</p>
      {document && <p className="mt-1">Document to send again: {document.sectionLabel}</p>}
      {last.answeredAt ? (
        <p className="mt-1">
          Answer: {last.answerNote ?? 'a new document (see Documents)'}
          {last.answerNote && last.answerDocumentId ? ' and a new document' : ''}
        </p>
      ) : (
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Reminders sent: {last.remindersSent} of 2 (after 3 and 7 days)
        </p>
      )}
    </div>
  );
}

function AskForm({
  statusId,
  schemeName,
  documents,
  onDone,
}: {
  statusId: string;
  schemeName: string;
  documents: readonly StaffDocument[];
  onDone: () => void;
}) {
  const [text, setText] = useState('');
  const [documentId, setDocumentId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { busy, run } = useReviewAction();
  const current = documents.filter((d) => !d.supersededBy);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) {
      setError('Say what the practitioner should send or do');
      return;
    }
    const sent = await run(
      () =>
        request(practitionerRequestSend, {
          params: { statusId },
          body: { request: text.trim(), documentId: documentId || null },
        }),
      { title: 'Request sent', description: `${schemeName}: waiting on the practitioner` },
    );
    if (sent) onDone();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      <Field
        label="What do you need from the practitioner?"
        hint="They see this on their tracking page and in an e-mail, with reminders after 3 and 7 days."
        error={error}
      >
        <textarea
          rows={3}
          maxLength={500}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(undefined);
          }}
          className={inputClass}
        />
      </Field>
      <Field label="Document to send again" optional>
        <select
          value={documentId}
          onChange={(e) => setDocumentId(e.target.value)}
          className={inputClass}
        >
          <option value="">None: a note answers it</option>
          {current.map((d) => (
            <option key={d.id} value={d.id}>
              {d.sectionLabel} ({d.fileName})
            </option>
          ))}
        </select>
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isDisabled={busy}>
          {busy ? 'Sending...' : 'Send request'}
        </Button>
        <Button variant="secondary" onPress={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
