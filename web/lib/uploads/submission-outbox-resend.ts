// When the server refuses a submission because it no longer has some of its uploads (409
// upload_missing: their upload expired), those files are sent again from the device and the
// submission is retried with the same Idempotency-Key, without the practitioner having to act.
// Not after 409 upload_already_used: the files belong to another submission, and sending them
// again silently could make this a second application (decision 067); the page says so. Page only: the service
// worker has no upload queue, and leaves such a refusal to the page.
import type { ApiError } from '../api-error.ts';
import { resendUpload } from './queue.ts';
import { uploadsSettled } from './scheduler.ts';
import { type QueuedFile, uploadsSnapshot } from './store.ts';
import {
  type OutboxEntry,
  type SendOutcome,
  sendQueuedSubmission,
  updateQueuedSubmission,
} from './submission-outbox.ts';

export const MAX_RESEND_ROUNDS = 3;
const RESEND_CODES = new Set(['upload_missing']);

export type ResendOutcome =
  | SendOutcome
  /** The connection went while re-sending: it stays queued, the next send carries on. */
  | { kind: 'waiting' }
  /** Taken back for editing while the files went up: nothing more to send. */
  | { kind: 'taken-back' };

/** The device files the server says it lost, or null when the refusal is about something else. */
export function lostUploads(error: ApiError, entry: OutboxEntry): string[] | null {
  if (error.status !== 409 || !RESEND_CODES.has(error.body?.error.code ?? '')) return null;
  const indices = Object.keys(error.body?.error.fields ?? {})
    .map((k) => /^documents\.(\d+)/.exec(k)?.[1])
    .filter((i): i is string => i !== undefined)
    .map(Number);
  return [...new Set(indices.map((i) => entry.fileIds[i]).filter((id): id is string => !!id))];
}

/** The entry with each document pointing where its file now lives on the server. */
export function withUploadedUrls(entry: OutboxEntry, files: readonly QueuedFile[]): OutboxEntry {
  const byId = new Map(files.map((f) => [f.id, f]));
  const documents = entry.payload.documents.map((doc, i) => {
    const file = byId.get(entry.fileIds[i] ?? '');
    return file?.url ? { ...doc, url: file.url, uploadedAt: file.uploadedAt } : doc;
  });
  // The same object in both shapes; written twice so each keeps its own payload type.
  if (entry.invitation === undefined) return { ...entry, payload: { ...entry.payload, documents } };
  return { ...entry, payload: { ...entry.payload, documents } };
}

/**
 * Follows a send: while the server says uploads are lost (at most 3 rounds), sends them again
 * and then the submission. Any other outcome is returned as it is; a refusal it cannot fix
 * this way too.
 */
export async function resendLostUploads(outcome: SendOutcome): Promise<ResendOutcome> {
  let current = outcome;
  for (let round = 0; round < MAX_RESEND_ROUNDS; round += 1) {
    if (current.kind !== 'rejected') return current;
    const ids = lostUploads(current.error, current.entry);
    if (!ids) return current;
    // Files already on their way (e.g. after an earlier round went offline) just go on.
    const byStage = new Map(uploadsSnapshot().files.map((f) => [f.id, f.stage]));
    for (const id of ids) {
      const stage = byStage.get(id);
      if (stage === 'done' || stage === 'error') resendUpload(id);
    }
    const settled = await uploadsSettled(ids);
    if (ids.length === 0 || !settled.every((f) => f.stage === 'done')) {
      if (settled.some((f) => f.stage !== 'done' && f.stage !== 'error'))
        return { kind: 'waiting' };
      return current;
    }
    const updated = withUploadedUrls(current.entry, uploadsSnapshot().files);
    if (!(await updateQueuedSubmission(updated))) return { kind: 'taken-back' };
    current = await sendQueuedSubmission();
  }
  return current;
}
