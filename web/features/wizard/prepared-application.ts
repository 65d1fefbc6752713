// What Submit and 'Send it when the files are up' both do before an application is stored on
// the device: its payload built and checked (problems shown at their fields, or told), and the
// draft's Idempotency-Key and permanent Application-Id made and kept (decision 067). And what a
// refusal from the server changes in the draft.
import { getDefaultStore } from 'jotai';
import { refusalAction } from '../../lib/submit-refusal.ts';
import { patchUpload, uploadsSnapshot } from '../../lib/uploads/store.ts';
import { dropQueuedSubmission } from '../../lib/uploads/submission-outbox.ts';
import type { ResendOutcome } from '../../lib/uploads/submission-outbox-resend.ts';
import { type Draft, draftAtom, saveDraftNow } from './draft.ts';
import { buildPayload, documentsFor, type FieldErrors } from './submission-payload.ts';
import { errorToast, failedToast } from './submit-notices.ts';
import { alreadySubmittedAtom } from './submit-state.ts';

type SetErrors = (errors: FieldErrors) => boolean;

export async function prepareApplication(draft: Draft, setErrors: SetErrors) {
  const { documents, fileIds } = documentsFor(draft, uploadsSnapshot().files);
  const built = buildPayload(draft, documents);
  if (!built.ok) {
    // A problem with no field to show it at (the documents, the consent, the selection)
    // must still say something, or Submit would seem to do nothing.
    if (!setErrors(built.errors))
      errorToast(Object.values(built.errors)[0] ?? 'Please check your application');
    return null;
  }
  setErrors({});
  const idempotencyKey = draft.idempotencyKey ?? crypto.randomUUID();
  const applicationId = draft.applicationId ?? crypto.randomUUID();
  if (!draft.idempotencyKey || !draft.applicationId) {
    getDefaultStore().set(draftAtom, (d) => ({ ...d, idempotencyKey, applicationId }));
    await saveDraftNow();
  }
  return { idempotencyKey, applicationId, built, fileIds };
}

/** The server refused the queued application: it leaves the outbox and the draft is corrected. */
export async function applyRefusal(
  outcome: Extract<ResendOutcome, { kind: 'rejected' }>,
  setErrors: SetErrors,
) {
  const action = refusalAction(outcome.error, outcome.entry);
  const store = getDefaultStore();
  await dropQueuedSubmission();
  if (action.kind === 'already-submitted') {
    // Its first answer was lost and it was edited since: the footer shows its link.
    store.set(alreadySubmittedAtom, action.trackingToken);
    return;
  }
  // The payload will change before the next try: it is a new request.
  if (action.kind === 'files-taken' || action.newRequest)
    store.set(draftAtom, (d) => ({ ...d, idempotencyKey: null }));
  if (action.kind === 'files-taken') {
    for (const file of action.files)
      patchUpload(file.id, { stage: 'error', error: file.message, note: undefined });
  } else if (Object.keys(action.fields).length > 0) setErrors(action.fields);
  failedToast();
}
