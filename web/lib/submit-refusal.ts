// What the page does with a submission the server refused (after the outbox has re-sent any
// expired uploads, lib/uploads/submission-outbox-resend.ts). Decision 067: an application the server
// already accepted is never sent again as a new one; its tracking link is shown instead, and
// files that belong to another submission are marked for the practitioner to send again,
// never re-sent silently.
import type { ApiError } from './api-error.ts';
import type { OutboxEntry } from './uploads/submission-outbox.ts';

export type RefusalAction =
  /** This application was accepted earlier (its answer was lost): go to its tracking page. */
  | { kind: 'already-submitted'; trackingToken: string }
  /** These device files belong to another submission: each needs a fresh upload. */
  | { kind: 'files-taken'; files: { id: string; message: string }[] }
  /** Anything else: show the field errors; a 4xx means the next try is a new request. */
  | { kind: 'refused'; fields: Record<string, string>; newRequest: boolean };

export function refusalAction(error: ApiError, entry: OutboxEntry): RefusalAction {
  const body = error.body?.error;
  if (error.status === 409 && body?.code === 'application_already_submitted' && body.trackingToken)
    return { kind: 'already-submitted', trackingToken: body.trackingToken };
  const fields = body?.fields ?? {};
  if (error.status === 409 && body?.code === 'upload_already_used') {
    const files = Object.entries(fields).flatMap(([field, message]) => {
      const id = entry.fileIds[Number(/^documents\.(\d+)/.exec(field)?.[1] ?? Number.NaN)];
      return id ? [{ id, message }] : [];
    });
    if (files.length > 0) return { kind: 'files-taken', files };
  }
  return { kind: 'refused', fields, newRequest: error.status >= 400 && error.status < 500 };
}
