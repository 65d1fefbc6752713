// What waits on the device is driven from the app shell, on any page (docs/offline-submit-flow.md,
// decision 094): at every start, on `online`, when the page is visible again and when an awaited
// file finishes. One drive: Background Sync registered again for a queued submission (Chrome
// gives a sync up after three tries); the waiting application's files let through the upload
// queue, and the application moved to the submission outbox once they are all up and sent from
// there (exactly once: Idempotency-Key and Application-Id); the manager's queued practice, its
// files let through the same way and then sent with its invitations (decision 130); every queued
// replacement handed over and sent; the uploads of replacements kept alive like a draft's
// (decision 066).

import { advanceWaitingApplication, waitingApplication } from './application-outbox.ts';
import { hasBackgroundSync, registerBackgroundSync } from './background-sync.ts';
import { keepUploadsAlive } from './keep-uploads.ts';
import {
  PRACTICE_SYNC_TAG,
  type PracticeResult,
  practiceReadyToSend,
  practiceResult,
  queuedPractice,
  sendQueuedPractice,
} from './practice-outbox.ts';
import { loadUploads, removeUpload, resendUpload } from './queue.ts';
import {
  handOverReplacement,
  queuedReplacementTokens,
  type ReplacementOutcome,
  sendQueuedReplacements,
} from './replacement-outbox.ts';
import { retryAfterMs } from './retry.ts';
import { setApplicationFiles } from './scheduler.ts';
import { patchUpload, uploadsSnapshot } from './store.ts';
import { queuedSubmission, sendQueuedSubmission } from './submission-outbox.ts';
import { resendLostUploads } from './submission-outbox-resend.ts';

/** The invitation link secret of a practitioner's own part (decision 126), absent for the wizard's. */
type Through = { invitation?: string };

export type ApplicationState =
  | { kind: 'empty' }
  /** Waiting for files: those still on their way, and those that need the practitioner. */
  | ({ kind: 'waiting'; moving: number; failed: number } & Through)
  /** Queued; no connection, or the server asked to wait (retryAfterMs when it said how long). */
  | ({ kind: 'queued'; retryAfterMs?: number } & Through)
  | { kind: 'sent'; trackingToken: string }
  /** Refused: the wizard shows why (its own start handles the refusal). */
  | { kind: 'refused'; message: string };

/** The manager's queued practice (decision 130); sent or refused until the manager has seen it. */
export type PracticeState =
  | { kind: 'empty' }
  | { kind: 'waiting'; moving: number; failed: number }
  | { kind: 'queued' }
  | PracticeResult;

export type DriveResult = {
  application: ApplicationState;
  practice: PracticeState;
  replacementsSent: number;
};

const UPLOAD_LOST = new Set(['upload_missing', 'upload_already_used']);

async function settleReplacement(outcome: ReplacementOutcome) {
  if (outcome.kind === 'sent') await removeUpload(outcome.entry.fileId);
  else if (outcome.code && UPLOAD_LOST.has(outcome.code)) resendUpload(outcome.entry.fileId);
  else patchUpload(outcome.entry.fileId, { stage: 'error', error: outcome.message });
}

async function driveReplacements(): Promise<number> {
  const files = uploadsSnapshot().files.filter((f) => f.replacement);
  for (const file of files) if (file.stage === 'done') await handOverReplacement(file.id);
  const urls = files.filter((f) => f.stage === 'done' && f.url).map((f) => f.url!);
  if (urls.length > 0 && navigator.onLine !== false) void keepUploadsAlive(urls.sort());
  let sent = 0;
  if (navigator.onLine === false) return sent;
  for (const token of await queuedReplacementTokens()) {
    const outcomes = await sendQueuedReplacements(token, settleReplacement);
    sent += outcomes.filter((o) => o.kind === 'sent').length;
  }
  return sent;
}

async function drivePractice(): Promise<PracticeState> {
  const outcome = await sendQueuedPractice(uploadsSnapshot().files);
  switch (outcome.kind) {
    case 'offline':
    case 'busy':
      // Its files are up: Background Sync can send it with no page open.
      if (hasBackgroundSync() && (await practiceReadyToSend()))
        await registerBackgroundSync(PRACTICE_SYNC_TAG);
      return { kind: 'queued' };
    default:
      return outcome;
  }
}

async function driveApplication(practiceFiles: readonly string[]): Promise<ApplicationState> {
  const waiting = await waitingApplication();
  const queued = await queuedSubmission();
  setApplicationFiles([
    ...(waiting?.awaiting.map((a) => a.fileId) ?? []),
    ...(queued?.fileIds ?? []),
    ...practiceFiles,
  ]);
  const through = { invitation: waiting?.invitation ?? queued?.invitation };
  if (waiting) {
    const advanced = await advanceWaitingApplication(uploadsSnapshot().files);
    if (advanced.kind === 'waiting')
      return {
        kind: 'waiting',
        moving: advanced.moving.length - advanced.failed.length,
        failed: advanced.failed.length,
        ...through,
      };
  }
  if (!waiting && !queued) return { kind: 'empty' };
  if (hasBackgroundSync()) await registerBackgroundSync();
  if (navigator.onLine === false) return { kind: 'queued', ...through };
  const outcome = await resendLostUploads(await sendQueuedSubmission());
  switch (outcome.kind) {
    case 'sent':
      return { kind: 'sent', trackingToken: outcome.result.trackingToken };
    case 'empty':
    case 'taken-back':
      return { kind: 'empty' };
    case 'busy':
      // 429 (the submission limit) or 5xx: wait as asked and try again, never back to a draft.
      return { kind: 'queued', retryAfterMs: retryAfterMs(outcome.error.retryAfter), ...through };
    case 'offline':
    case 'waiting':
      return { kind: 'queued', ...through };
    case 'rejected':
      return {
        kind: 'refused',
        message: outcome.error.serverMessage ?? 'Your application could not be sent.',
      };
  }
}

async function driveOnce(): Promise<DriveResult> {
  await loadUploads();
  // The queued practice's files go up on any page, as the waiting application's do.
  const practice = await queuedPractice();
  const application = await driveApplication(practice?.files.map((f) => f.fileId) ?? []);
  const practiceState = practice
    ? await drivePractice()
    : ((await practiceResult()) ?? ({ kind: 'empty' } as const));
  const replacementsSent = await driveReplacements();
  return { application, practice: practiceState, replacementsSent };
}

let running: Promise<DriveResult> | null = null;
let next: Promise<DriveResult> | null = null;

/**
 * One drive of everything that waits on the device. A call made during a drive may bring news
 * that drive has already read past (the last file finishing just after it looked), so it gets
 * one more drive after it; any number of calls meanwhile share that one.
 */
export function driveOutboxes(): Promise<DriveResult> {
  if (!running) {
    running = driveOnce().finally(() => {
      running = null;
    });
    return running;
  }
  next ??= running
    .catch(() => undefined)
    .then(() => {
      next = null;
      return driveOutboxes();
    });
  return next;
}
