// The upload queue's records: the files in memory for the page, and sealed on the
// device (device-store.ts) with their bytes, so the queue resumes after a reload. Writes of the
// list are coalesced: one in flight, at most one more pending with the latest state.
import { getBytes, getJson, putBytes, putJson, remove } from './device-store.ts';

export type UploadStage =
  | 'stored'
  | 'compressing'
  | 'queued'
  | 'waiting'
  | 'uploading'
  | 'done'
  | 'error';

/**
 * A file that replaces a rejected document of a submitted application, rather than belonging to
 * the wizard's draft: sent whatever sections the wizard shows, never part of a draft's payload.
 */
export type ReplacementTarget = { token: string; documentId: string };

export type QueuedFile = {
  id: string;
  sectionKey: string;
  /** Set when the file replaces a rejected document; absent for the wizard's draft files. */
  replacement?: ReplacementTarget;
  name: string;
  type: string;
  /** Bytes kept on the device (after compression). */
  size: number;
  originalSize: number;
  addedAt: string;
  stage: UploadStage;
  /** Still to be compressed (or converted) on the device before it is sent. */
  compress?: boolean;
  bytesSent: number;
  /** Set while retrying: the text shown under the file. */
  note?: string;
  uploadURL?: string;
  /** Where the object lives once uploaded (the upload URL without its signature). */
  url?: string;
  uploadedAt?: string;
  error?: string;
  thumbnail?: string;
};

export type UploadsSnapshot = { loaded: boolean; files: readonly QueuedFile[] };

const QUEUE_RECORD = 'upload-queue';
const bytesRecord = (id: string) => `file:${id}`;

/** The device records that hold these files: the queue and each file's bytes. */
export function uploadRecords(files: readonly QueuedFile[]): string[] {
  return [QUEUE_RECORD, ...files.map((f) => bytesRecord(f.id))];
}

let snapshot: UploadsSnapshot = { loaded: false, files: [] };
const listeners = new Set<() => void>();

export function subscribeUploads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function uploadsSnapshot(): UploadsSnapshot {
  return snapshot;
}

function notify() {
  for (const listener of listeners) listener();
}

/** Replaces the list: listeners hear of it and the device gets it. */
export function setUploads(files: readonly QueuedFile[]) {
  snapshot = { loaded: true, files };
  notify();
  schedulePersist();
}

/** Whether the file is the wizard draft's (not a replacement sent from the tracking page). */
export function isDraftFile(file: QueuedFile): boolean {
  return !file.replacement;
}

export function findUpload(id: string): QueuedFile | undefined {
  return snapshot.files.find((f) => f.id === id);
}

export function patchUpload(id: string, changes: Partial<QueuedFile>) {
  if (!findUpload(id)) return;
  setUploads(snapshot.files.map((f) => (f.id === id ? { ...f, ...changes } : f)));
}

let persisting: Promise<void> | null = null;
let persistAgain = false;
let persistError: ((error: unknown) => void) | null = null;

/** Called with storage errors (e.g. a full quota) so the page can show them. */
export function onUploadStorageError(handler: (error: unknown) => void) {
  persistError = handler;
}

function schedulePersist() {
  if (persisting) {
    persistAgain = true;
    return;
  }
  persisting = (async () => {
    do {
      persistAgain = false;
      try {
        await putJson(
          QUEUE_RECORD,
          snapshot.files.map(({ note: _note, ...f }) => f),
        );
      } catch (error) {
        persistError?.(error);
      }
    } while (persistAgain);
    persisting = null;
  })();
}

/** Resolves once the list's state is on the device. */
export async function uploadsPersisted(): Promise<void> {
  while (persisting) await persisting;
}

/** Reads the list from the device; whatever was running when the page went away starts again. */
export async function readStoredUploads(): Promise<readonly QueuedFile[]> {
  const stored = (await getJson<QueuedFile[]>(QUEUE_RECORD)) ?? [];
  snapshot = {
    loaded: true,
    files: stored.map((f) => {
      if (f.stage === 'compressing') return { ...f, stage: 'stored' as const };
      if (f.stage === 'uploading' || f.stage === 'waiting')
        return { ...f, stage: 'queued' as const, bytesSent: 0 };
      return f;
    }),
  };
  notify();
  return snapshot.files;
}

/** Forgets the wizard draft's files in memory, keeping replacements on their way. */
export function forgetDraftUploads() {
  setUploads(snapshot.files.filter((f) => !isDraftFile(f)));
}

export function readUploadBytes(id: string): Promise<ArrayBuffer | undefined> {
  return getBytes(bytesRecord(id));
}

export function keepUploadBytes(id: string, bytes: ArrayBuffer): Promise<void> {
  return putBytes(bytesRecord(id), bytes);
}

export function removeUploadBytes(id: string): Promise<void> {
  return remove(bytesRecord(id));
}
