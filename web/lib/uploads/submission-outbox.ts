// The queued submission (docs/offline-submit-flow.md). Submit puts the payload here with its Idempotency-Key
// before the first attempt; it is sent at once when online, otherwise when the connection
// returns (Background Sync in the service worker where the browser has it, the `online`
// event and the next start otherwise). The key makes every retry the same submission.
// The application id (decision 067) goes with every attempt too: made with the draft and never
// changed, it makes a repeat after any time the same application, and an edited one refused.
// A 5xx or 429 answer means the server could not take it now: it stays queued ('busy').
// The practitioner can take a waiting submission back to edit it. Sending, taking back and
// updating all hold the Web Lock 'submission-outbox', so none of them sees half of another.
// A practitioner invited by their practice (decision 126) queues their own part here the same
// way, with the invitation it goes through: one outbox, so the app shell, Background Sync and
// the lost-upload resend drive it unchanged.
// Shared by the page and the service worker: no DOM-only APIs.

import type { InvitationSubmitRequest } from '../../../schema/practice-api.ts';
import { invitationSubmit, submit } from '../../../schema/public-endpoints.ts';
import type { SubmitRequest, SubmitResponse } from '../../../schema/submission-api.ts';
import { request } from '../api-client.ts';
import { ApiError } from '../api-error.ts';
import { getJson, putJson, remove } from '../device-store.ts';

export const SUBMISSION_SYNC_TAG = 'submit-application';
export const SUBMITTED_MESSAGE = 'submission-sent';
/** A submission takes milliseconds on the server; a minute covers a very slow link. */
export const SUBMIT_TIMEOUT_MS = 60_000;

type Queued = {
  idempotencyKey: string;
  /** The draft's permanent application id; absent in entries queued by older versions. */
  applicationId?: string;
  /** The device file of each payload document, in the same order (to resend lost uploads). */
  fileIds: string[];
  queuedAt: string;
};

export type OutboxEntry = Queued &
  (
    | { invitation?: undefined; payload: SubmitRequest }
    /** A practitioner's own part, sent through their practice's invitation (its link secret). */
    | { invitation: string; payload: InvitationSubmitRequest }
  );

/** Named in QUEUED_RECORDS (device-store.ts): while it holds an entry nothing expires. */
const OUTBOX_RECORD = 'submission-outbox';
const RESULT_RECORD = 'submission-result';

export type WithdrawOutcome =
  | { kind: 'withdrawn' }
  /** It went through before it could be taken back. */
  | { kind: 'sent'; result: SubmitResponse }
  | { kind: 'empty' };

export type SendOutcome =
  | { kind: 'sent'; result: SubmitResponse }
  | { kind: 'offline' }
  /** The server answered 5xx or 429: it stays queued and is tried again later. */
  | { kind: 'busy'; error: ApiError }
  | { kind: 'rejected'; error: ApiError; entry: OutboxEntry }
  | { kind: 'empty' };

export function queueSubmission(entry: OutboxEntry): Promise<void> {
  return putJson(OUTBOX_RECORD, entry);
}

export function queuedSubmission(): Promise<OutboxEntry | undefined> {
  return getJson<OutboxEntry>(OUTBOX_RECORD);
}

export function dropQueuedSubmission(): Promise<void> {
  return remove(OUTBOX_RECORD);
}

/** The answer to a submission the service worker sent while no page was waiting for it. */
export function submittedResult(): Promise<SubmitResponse | undefined> {
  return getJson<SubmitResponse>(RESULT_RECORD);
}

/** A refusal that says "not now" rather than "not this": the same request may succeed later. */
export function isTemporary(error: ApiError): boolean {
  return error.status >= 500 || error.status === 429 || error.status === 408;
}

/** Holds the outbox's Web Lock (the waiting application's record shares it: application-outbox.ts). */
export function withOutboxLock<T>(run: () => Promise<T>): Promise<T> {
  // The page and the service worker may both try at the moment the connection returns.
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? locks.request('submission-outbox', run) : run();
}

/** Sends the queued submission, if any. Never sends it twice at the same time. */
export function sendQueuedSubmission(): Promise<SendOutcome> {
  return withOutboxLock(async () => {
    const done = await submittedResult();
    if (done) return { kind: 'sent', result: done } as const;
    const entry = await queuedSubmission();
    if (!entry) return { kind: 'empty' } as const;
    try {
      const options = {
        headers: {
          'Idempotency-Key': entry.idempotencyKey,
          ...(entry.applicationId ? { 'Application-Id': entry.applicationId } : {}),
        },
        // A server that never answers must not keep 'Submitting...' up forever: give up and
        // leave it queued (the Idempotency-Key makes the next try the same submission).
        signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
      };
      const result =
        entry.invitation === undefined
          ? await request(submit, { ...options, body: entry.payload })
          : await request(invitationSubmit, {
              ...options,
              params: { token: entry.invitation },
              body: entry.payload,
            });
      await putJson(RESULT_RECORD, result);
      await dropQueuedSubmission();
      return { kind: 'sent', result } as const;
    } catch (error) {
      if (error instanceof ApiError) {
        if (isTemporary(error)) return { kind: 'busy', error } as const;
        return { kind: 'rejected', error, entry } as const;
      }
      // fetch rejects with a TypeError when the request never reached the server, and with a
      // TimeoutError when the server did not answer in time.
      return { kind: 'offline' } as const;
    }
  });
}

/**
 * Takes the queued submission back so it can be edited: it will not be sent. Waits for a
 * send in progress (the page's or the service worker's); if that one went through, its
 * answer is returned instead.
 */
export function withdrawQueuedSubmission(): Promise<WithdrawOutcome> {
  return withOutboxLock(async () => {
    const done = await submittedResult();
    if (done) return { kind: 'sent', result: done } as const;
    if (!(await queuedSubmission())) return { kind: 'empty' } as const;
    await dropQueuedSubmission();
    return { kind: 'withdrawn' } as const;
  });
}

/** Replaces the queued submission with a newer version of itself; false when it was taken back. */
export function updateQueuedSubmission(entry: OutboxEntry): Promise<boolean> {
  return withOutboxLock(async () => {
    const current = await queuedSubmission();
    if (current?.idempotencyKey !== entry.idempotencyKey) return false;
    await queueSubmission(entry);
    return true;
  });
}
