// The practice's application waiting to go (issue 39, decision 121), kept sealed on the device
// under 'practice-outbox' (named in QUEUED_RECORDS, so the 30-day expiry leaves it). Send puts
// it here before the first attempt; it goes at once when online and the practice's files are
// up, otherwise when the connection returns with the page open. Then each practitioner is
// invited; every step is written back as it succeeds (the practice's link, each invitation's
// id), so a reload or a power cut mid-way carries on where it stopped and never creates the
// practice twice from this device (the Idempotency-Key also covers an answer lost on the way).

import type { PracticeRequest } from '../../../schema/practice-api.ts';
import { practiceCreation, practiceInvitation } from '../../../schema/public-endpoints.ts';
import type { DocumentInput } from '../../../schema/submission-api.ts';
import { request } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { getJson, putJson, QUEUED_RECORDS, remove } from '../../lib/device-store.ts';
import { documentName } from '../../lib/uploads/application-outbox.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { isTemporary, SUBMIT_TIMEOUT_MS } from '../../lib/uploads/submission-outbox.ts';

const RECORD = QUEUED_RECORDS.practice;

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
};

export type PracticeSendOutcome =
  | { kind: 'empty' }
  /** Files still on their way (count), or some in need of the manager (failed). */
  | { kind: 'waiting'; moving: number; failed: number }
  | { kind: 'offline' }
  /** 5xx or 429: stays queued and is tried again later. */
  | { kind: 'busy'; message: string }
  /** The practice was refused: back to the draft with the server's reasons. */
  | { kind: 'refused'; message: string; fields: Record<string, string> }
  | { kind: 'sent'; practiceToken: string; refused: QueuedInvitee[] };

export function queuedPractice(): Promise<PracticeOutboxEntry | undefined> {
  return getJson<PracticeOutboxEntry>(RECORD);
}

export function queuePractice(entry: PracticeOutboxEntry): Promise<void> {
  return putJson(RECORD, entry);
}

export function dropQueuedPractice(): Promise<void> {
  return remove(RECORD);
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
    try {
      const { invitationId } = await request(practiceInvitation, {
        params: { token },
        body: { name: invitee.name, email: invitee.email },
        signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
      });
      invitees[index] = { ...invitee, invitationId };
    } catch (error) {
      if (!final(error)) throw error;
      invitees[index] = { ...invitee, refused: error.serverMessage ?? 'Not invited.' };
    }
    await queuePractice({ ...entry, invitees });
  }
  return invitees;
}

/** Sends what is queued, if it can: the practice first, then each invitation. */
export function sendQueuedPractice(files: readonly QueuedFile[]): Promise<PracticeSendOutcome> {
  return withPracticeLock(async () => {
    let entry = await queuedPractice();
    if (!entry) return { kind: 'empty' } as const;
    try {
      if (!entry.practiceToken) {
        const { documents, moving, failed } = documentsOf(entry, files);
        if (moving > 0) return { kind: 'waiting', moving: moving - failed, failed } as const;
        if (navigator.onLine === false) return { kind: 'offline' } as const;
        try {
          entry = await createPractice(entry, documents);
        } catch (error) {
          if (!final(error)) throw error;
          await dropQueuedPractice();
          return {
            kind: 'refused',
            message: error.serverMessage ?? 'The practice could not be sent.',
            fields: error.body?.error.fields ?? {},
          } as const;
        }
      }
      const token = entry.practiceToken!;
      const invitees = await inviteAll(entry, token);
      await dropQueuedPractice();
      return { kind: 'sent', practiceToken: token, refused: invitees.filter((i) => i.refused) };
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
