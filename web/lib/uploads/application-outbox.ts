// The application that waits for its files (docs/offline-submit-flow.md, decision 094): Submit
// with every field and consent in place but files not uploaded yet can store the whole
// application here, naming the files still on their way. Whatever page is open (the app shell
// drives it: at start, on `online`, when visible again), the files are uploaded; once every one
// is on the server the application moves, with their documents, into the submission outbox
// under the same Idempotency-Key and application id, and is sent exactly once from there (the
// page, or Background Sync with no page). It is kept until sent or discarded: the device's
// 30-day expiry never touches it (QUEUED_RECORDS in device-store.ts).

import type { InvitationSubmitRequest } from '../../../schema/practice-api.ts';
import type { DocumentInput, SubmitRequest } from '../../../schema/submission-api.ts';
import { getJson, putJson, remove } from '../device-store.ts';
import type { QueuedFile } from './store.ts';
import { queuedSubmission, queueSubmission, withOutboxLock } from './submission-outbox.ts';

/** Named in QUEUED_RECORDS (device-store.ts): while it holds an entry nothing expires. */
const RECORD = 'application-outbox';

/** A file the application waits for, and where its document goes in the payload. */
export type AwaitedFile = {
  fileId: string;
  sectionKey: string;
  sectionLabel: string;
  /** The date its section's validity rule asks for (issue 38), as given. */
  validityDate?: string;
};

export type WaitingApplication = {
  idempotencyKey: string;
  applicationId: string;
  /** The device file of each payload document, in the same order. */
  fileIds: string[];
  awaiting: AwaitedFile[];
  queuedAt: string;
} & (
  | { invitation?: undefined; payload: SubmitRequest }
  /** A practitioner's own part through their practice's invitation (decision 126). */
  | { invitation: string; payload: InvitationSubmitRequest }
);

export type AdvanceOutcome =
  | { kind: 'empty' }
  /** Files still on their way (ids), or in need of the practitioner (failed). */
  | { kind: 'waiting'; entry: WaitingApplication; moving: string[]; failed: string[] }
  /** Every file is up: the application is now in the submission outbox. */
  | { kind: 'queued' };

export function waitingApplication(): Promise<WaitingApplication | undefined> {
  return getJson<WaitingApplication>(RECORD);
}

export function queueWaitingApplication(entry: WaitingApplication): Promise<void> {
  return withOutboxLock(() => putJson(RECORD, entry));
}

/** Takes the waiting application back (Discard, or 'Edit application'); false if it had gone. */
export function discardWaitingApplication(): Promise<boolean> {
  return withOutboxLock(async () => {
    if (!(await waitingApplication())) return false;
    await remove(RECORD);
    return true;
  });
}

/** The API's name for a file (1 to 255 characters), keeping its extension. */
export function documentName(name: string, max = 255): string {
  const trimmed = name.trim() || 'document';
  if (trimmed.length <= max) return trimmed;
  const dot = trimmed.lastIndexOf('.');
  const extension = dot > 0 && trimmed.length - dot <= 10 ? trimmed.slice(dot) : '';
  return trimmed.slice(0, max - extension.length) + extension;
}

function documentOf(file: QueuedFile, awaited: AwaitedFile): DocumentInput {
  return {
    name: documentName(file.name),
    size: file.size,
    type: file.type,
    url: file.url!,
    uploadedAt: file.uploadedAt,
    sectionKey: awaited.sectionKey,
    sectionLabel: awaited.sectionLabel,
    ...(awaited.validityDate ? { validityDate: awaited.validityDate } : {}),
  };
}

/**
 * Looks at the awaited files: when every one is uploaded, the application goes into the
 * submission outbox with their documents (one step, under the outbox's lock, so it is never
 * both waiting and queued, nor queued twice). A file removed from the device is dropped from it.
 */
export function advanceWaitingApplication(files: readonly QueuedFile[]): Promise<AdvanceOutcome> {
  return withOutboxLock(async () => {
    const entry = await waitingApplication();
    if (!entry) return { kind: 'empty' } as const;
    const byId = new Map(files.map((f) => [f.id, f]));
    const present = entry.awaiting.filter((a) => byId.has(a.fileId));
    const moving = present.filter((a) => byId.get(a.fileId)!.stage !== 'done').map((a) => a.fileId);
    if (moving.length > 0) {
      const failed = moving.filter((id) => byId.get(id)!.stage === 'error');
      return { kind: 'waiting', entry, moving, failed } as const;
    }
    // Already promoted by another tab or the last start: never queue it twice.
    if ((await queuedSubmission())?.idempotencyKey !== entry.idempotencyKey) {
      const documents = [
        ...entry.payload.documents,
        ...present.map((a) => documentOf(byId.get(a.fileId)!, a)),
      ];
      const common = {
        idempotencyKey: entry.idempotencyKey,
        applicationId: entry.applicationId,
        fileIds: [...entry.fileIds, ...present.map((a) => a.fileId)],
        queuedAt: entry.queuedAt,
      };
      await queueSubmission(
        entry.invitation === undefined
          ? { ...common, payload: { ...entry.payload, documents } }
          : { ...common, invitation: entry.invitation, payload: { ...entry.payload, documents } },
      );
    }
    await remove(RECORD);
    return { kind: 'queued' } as const;
  });
}
