// The practice's application waiting to go (issue 39, decisions 121 and 130), kept sealed on the
// device under 'practice-outbox' (named in QUEUED_RECORDS, so the 30-day expiry leaves it). The
// manager's Send puts it here before the first attempt; it goes when the practice's files are up
// and the device is online, driven like the wizard's queued application: by the manager's page,
// by the app shell on any page (outbox-driver.ts) and by Background Sync with no page open
// (web/sw.ts, once its documents are written in). Then each practitioner is invited; every step
// is written back as it succeeds (the practice's link, each invitation's id), so a reload or a
// power cut mid-way carries on where it stopped; the Idempotency-Keys (the practice's, each
// invitation's) cover an answer lost on the way. The outcome is kept ('practice-result') until
// the manager has seen it, whichever of them sent it.
// Shared by the page and the service worker: no DOM-only APIs.
import type { PracticeRequest } from '../../../schema/practice-api.ts';
import { practiceCreation, practiceInvitation } from '../../../schema/public-endpoints.ts';
import type { DocumentInput } from '../../../schema/submission-api.ts';
import { request } from '../api-client.ts';
import { ApiError } from '../api-error.ts';
import { getJson, putJson, remove } from '../device-store.ts';
import { PRACTICE_OUTBOX_RECORD, PRACTICE_RESULT_RECORD } from '../practice-records.ts';
import { documentName } from './application-outbox.ts';
import type { QueuedFile } from './store.ts';
import { isTemporary, SUBMIT_TIMEOUT_MS } from './submission-outbox.ts';

// One of QUEUED_RECORDS (device-store.ts): while it holds an entry nothing expires.
const RECORD = PRACTICE_OUTBOX_RECORD;
export const PRACTICE_SYNC_TAG = 'send-practice';
export const PRACTICE_SENT_MESSAGE = 'practice-sent';

/** A shared document's file on the device and where its document goes in the request. */
export type PracticeFile = {
  fileId: string;
  sectionKey: string;
  sectionLabel: string;
  validityDate?: string;
};

export type QueuedInvitee = {
  name: string;
  email: string;
  invitationId?: string;
  /** Sent with every try of this invitation: a lost answer never invites or mails twice. */
  idempotencyKey?: string;
  /** Refused by the server (not a passing problem): the manager invites again from the page. */
  refused?: string;
};

export type PracticeOutboxEntry = {
  request: PracticeRequest;
  files: PracticeFile[];
  invitees: QueuedInvitee[];
  /** The manager's link secret once the practice is created. */
  practiceToken?: string;
  queuedAt: string;
  /** Sent with every try: an answer lost on the way is asked for again, never a second practice. */
  idempotencyKey?: string;
  /** The documents, written in once every file is up: Background Sync sends it without the files. */
  documents?: DocumentInput[];
};

/** How it ended, kept until the manager has seen it (the page, or the shell's notice). */
export type PracticeResult =
  | { kind: 'sent'; practiceToken: string; refused: QueuedInvitee[] }
  | { kind: 'refused'; message: string; fields: Record<string, string> };

export type PracticeSendOutcome =
  | { kind: 'empty' }
  /** Files still on their way (count), or some in need of the manager (failed). */
  | { kind: 'waiting'; moving: number; failed: number }
  | { kind: 'offline' }
  /** 5xx or 429: stays queued and is tried again later. */
  | { kind: 'busy'; message: string }
  /** The practice was refused (back to the draft with the server's reasons), or sent. */
  | PracticeResult;

export function queuedPractice(): Promise<PracticeOutboxEntry | undefined> {
  return getJson<PracticeOutboxEntry>(RECORD);
}

export function queuePractice(entry: PracticeOutboxEntry): Promise<void> {
  return putJson(RECORD, entry);
}

export function dropQueuedPractice(): Promise<void> {
  return remove(RECORD);
}

export function practiceResult(): Promise<PracticeResult | undefined> {
  return getJson<PracticeResult>(PRACTICE_RESULT_RECORD);
}

/** The manager has seen how it ended. */
export function clearPracticeResult(): Promise<void> {
  return remove(PRACTICE_RESULT_RECORD);
}

/** Ends the queued practice: its outcome is kept for the manager, the entry leaves. */
async function settle(result: PracticeResult): Promise<PracticeResult> {
  await putJson(PRACTICE_RESULT_RECORD, result);
  await dropQueuedPractice();
  return result;
}

/** Takes the queued practice back to edit it; false once it is created (or gone). */
export function withdrawQueuedPractice(): Promise<boolean> {
  return withPracticeLock(async () => {
    const entry = await queuedPractice();
    if (!entry || entry.practiceToken) return false;
    await dropQueuedPractice();
    return true;
  });
}

function withPracticeLock<T>(run: () => Promise<T>): Promise<T> {
  // Two tabs may both try at the moment the connection returns.
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? locks.request('practice-outbox', run) : run();
}

function documentsOf(entry: PracticeOutboxEntry, files: readonly QueuedFile[]) {
  const byId = new Map(files.map((f) => [f.id, f]));
  const present = entry.files.filter((f) => byId.has(f.fileId));
  const moving = present.filter((f) => byId.get(f.fileId)!.stage !== 'done');
  const failed = moving.filter((f) => byId.get(f.fileId)!.stage === 'error').length;
  const documents: DocumentInput[] = present.map((f) => {
    const file = byId.get(f.fileId)!;
    return {
      name: documentName(file.name),
      size: file.size,
      type: file.type,
      url: file.url ?? '',
      uploadedAt: file.uploadedAt,
      sectionKey: f.sectionKey,
      sectionLabel: f.sectionLabel,
      ...(f.validityDate ? { validityDate: f.validityDate } : {}),
    };
  });
  return { documents, moving: moving.length, failed };
}

/** An answer that will not change on a retry (not 5xx, 429 or 408). */
function final(error: unknown): error is ApiError {
  return error instanceof ApiError && !isTemporary(error);
}

async function createPractice(entry: PracticeOutboxEntry, documents: DocumentInput[]) {
  const created = await request(practiceCreation, {
    body: { ...entry.request, documents },
    headers: entry.idempotencyKey ? { 'Idempotency-Key': entry.idempotencyKey } : undefined,
    signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
  });
  const next = { ...entry, practiceToken: created.practiceToken };
  await queuePractice(next);
  return next;
}

async function inviteAll(entry: PracticeOutboxEntry, token: string) {
  const invitees = [...entry.invitees];
  for (const [index, invitee] of invitees.entries()) {
    if (invitee.invitationId || invitee.refused) continue;
    // Entries queued before the key was kept get theirs now, stored before the first try.
    const idempotencyKey = invitee.idempotencyKey ?? crypto.randomUUID();
    if (!invitee.idempotencyKey) {
      invitees[index] = { ...invitee, idempotencyKey };
      await queuePractice({ ...entry, invitees });
    }
    try {
      const { invitationId } = await request(practiceInvitation, {
        params: { token },
        body: { name: invitee.name, email: invitee.email },
        headers: { 'Idempotency-Key': idempotencyKey },
        signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
      });
      invitees[index] = { ...invitee, idempotencyKey, invitationId };
    } catch (error) {
      if (!final(error)) throw error;
      invitees[index] = {
        ...invitee,
        idempotencyKey,
        refused: error.serverMessage ?? 'Not invited.',
      };
    }
    await queuePractice({ ...entry, invitees });
  }
  return invitees;
}

/**
 * Sends what is queued, if it can: the practice first, then each invitation. `files`: the
 * upload queue's, to find the documents (the page); null where there is none (the service
 * worker), which sends only a practice whose documents were written in.
 */
export function sendQueuedPractice(
  files: readonly QueuedFile[] | null,
): Promise<PracticeSendOutcome> {
  return withPracticeLock(async () => {
    let entry = await queuedPractice();
    if (!entry) return (await practiceResult()) ?? ({ kind: 'empty' } as const);
    try {
      if (!entry.practiceToken) {
        if (!entry.documents) {
          if (!files) return { kind: 'waiting', moving: entry.files.length, failed: 0 } as const;
          const { documents, moving, failed } = documentsOf(entry, files);
          if (moving > 0) return { kind: 'waiting', moving: moving - failed, failed } as const;
          entry = { ...entry, documents };
          await queuePractice(entry);
        }
        if (navigator.onLine === false) return { kind: 'offline' } as const;
        try {
          entry = await createPractice(entry, entry.documents!);
        } catch (error) {
          if (!final(error)) throw error;
          return await settle({
            kind: 'refused',
            message: error.serverMessage ?? 'The practice could not be sent.',
            fields: error.body?.error.fields ?? {},
          });
        }
      }
      const token = entry.practiceToken!;
      const invitees = await inviteAll(entry, token);
      return await settle({
        kind: 'sent',
        practiceToken: token,
        refused: invitees.filter((i) => i.refused),
      });
    } catch (error) {
      if (error instanceof ApiError)
        return {
          kind: 'busy',
          message: error.serverMessage ?? 'The server is busy. Your practice stays queued.',
        } as const;
      return { kind: 'offline' } as const;
    }
  });
}

/** Whether the queued practice can go with no page open: its documents are written in. */
export async function practiceReadyToSend(): Promise<boolean> {
  const entry = await queuedPractice();
  return Boolean(entry && (entry.documents || entry.practiceToken));
}
