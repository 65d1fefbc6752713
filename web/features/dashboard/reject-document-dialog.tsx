// Rejecting a document asks for the reason the practitioner will see.
import { type FormEvent, useState } from 'react';
import { documentReview } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import type { StaffDocument } from './document-row.tsx';
import { useReviewAction } from './use-review-action.ts';

export function RejectDocumentDialog({
  document,
  onClose,
}: {
  document: StaffDocument | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const { busy: saving, run } = useReviewAction();

  function close() {
    if (saving) return;
    setReason('');
    setError(undefined);
    onClose();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!document) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setError('Give a reason when rejecting a document');
      return;
    }
    const saved = await run(
      () =>
        request(documentReview, {
          params: { id: document.id },
          body: { status: 'rejected', reason: trimmed },
        }),
      {
        title: 'Document rejected',
        description: 'The practitioner sees the reason on their tracking page.',
      },
    );
    if (saved) {
      setReason('');
      setError(undefined);
      onClose();
    }
  }

  return (
    <Dialog
      isOpen={document !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      isDismissable={!saving}
      title="Reject document"
    >
      <p className="text-sm break-all">
        <strong>{document?.fileName}</strong>
      </p>
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <Field
          label="Reason"
          error={error}
          hint="Shown to the practitioner, who will be asked to upload the document again."
        >
          <textarea
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className={inputClass}
            autoFocus
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={close} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" isDisabled={saving}>
            {saving ? 'Rejecting...' : 'Reject document'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
