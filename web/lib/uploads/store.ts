// The upload queue's records: the files in memory for the page, and on the device one sealed
// record per file (device-store.ts), beside its bytes in chunks (bytes.ts), so the queue
// resumes after a reload. A file's record is written only when what is kept changes (its stage,
// its acknowledged parts), never for progress; writes of one file are coalesced.
import { getJson, putJson, recordNames, remove } from '../device-store.ts';
import { byteRecords, keepBlob, readAll, removeBytes, removeChunks } from './bytes.ts';

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
export type ReplacementTarget = {
  token: string;
  documentId: string;
  /** The date the section's validity rule needs, given before the file (issue 38). */
  validityDate?: string;
};

/** A file going up in parts (docs/decisions/063-resumable-uploads.md): what the server said. */
export type PartsUpload = {
  uploadId: string;
  partSize: number;
  partCount: number;
  /** The ETag of every acknowledged part, by part number. */
  etags: Record<number, string>;
};

export type QueuedFile = {
  id: string;
  sectionKey: string;
  /** Set when the file replaces a rejected document; absent for the wizard's draft files. */
  replacement?: ReplacementTarget;
  /** One of the practice manager's shared documents (features/practice-start), not the wizard's. */
  practice?: true;
  name: string;
  type: string;
  /** Bytes kept on the device (after compression). */
  size: number;
  originalSize: number;
  /** The size of the chunks its bytes are kept in; absent: one chunk (records of version 1). */
  chunkSize?: number;
  /** The key its chunks are kept under when they replaced the picked bytes; absent: the id. */
  bytesId?: string;
  addedAt: string;
  stage: UploadStage;
  /** Still to be compressed (or converted) on the device before it is sent. */
  compress?: boolean;
  bytesSent: number;
  /** Set while retrying: the text shown under the file. */
  note?: string;
  uploadURL?: string;
  /** Set while the file goes up in parts. */
  parts?: PartsUpload;
  /** Where the object lives once uploaded (the upload URL without its signature). */
  url?: string;
  uploadedAt?: string;
  error?: string;
  /** In error only because the server kept failing: sent again when the queue is woken. */
  gaveUp?: boolean;
  thumbnail?: string;
};

export type UploadsSnapshot = { loaded: boolean; files: readonly QueuedFile[] };

/** What the device keeps of a file: version 2, one record per file. */
export const UPLOAD_RECORD_VERSION = 2;
type StoredRecord = { version: typeof UPLOAD_RECORD_VERSION; file: QueuedFile };
/** Version 1: the whole list in one record, each file's bytes whole under file:<id>. */
const LEGACY_QUEUE_RECORD = 'upload-queue';
const RECORD_PREFIX = 'upload:';
const recordOf = (id: string) => `${RECORD_PREFIX}${id}`;

/** The device records that hold these files: each one's record and its bytes. */
export function uploadRecords(files: readonly QueuedFile[]): string[] {
  return files.flatMap((f) => [recordOf(f.id), ...byteRecords(f)]);
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

/** What is kept of a file: no note, no progress (it restarts from the acknowledged parts). */
function kept({ note: _note, bytesSent: _sent, ...file }: QueuedFile): QueuedFile {
  return { ...file, bytesSent: 0 };
}

/** Replaces the list: listeners hear of it and the device gets what changed. */
export function setUploads(files: readonly QueuedFile[]) {
  const before = new Map(snapshot.files.map((f) => [f.id, f]));
  snapshot = { loaded: true, files };
  notify();
  for (const file of files) if (before.get(file.id) !== file) schedulePersist(file.id);
  const ids = new Set(files.map((f) => f.id));
  for (const id of before.keys()) if (!ids.has(id)) schedulePersist(id);
}

/** Whether the file is the wizard draft's (not a replacement sent from the tracking page). */
export function isDraftFile(file: QueuedFile): boolean {
  return !file.replacement && !file.practice;
}

export function findUpload(id: string): QueuedFile | undefined {
  return snapshot.files.find((f) => f.id === id);
}

export function patchUpload(id: string, changes: Partial<QueuedFile>) {
  if (!findUpload(id)) return;
  setUploads(snapshot.files.map((f) => (f.id === id ? { ...f, ...changes } : f)));
}

const written = new Map<string, string>();
const writing = new Map<string, Promise<void>>();
const again = new Set<string>();
let persistError: ((error: unknown) => void) | null = null;

/** Called with storage errors (e.g. a full quota) so the page can show them. */
export function onUploadStorageError(handler: (error: unknown) => void) {
  persistError = handler;
}

async function persist(id: string) {
  const file = findUpload(id);
  if (!file) {
    written.delete(id);
    await remove(recordOf(id));
    return;
  }
  const record: StoredRecord = { version: UPLOAD_RECORD_VERSION, file: kept(file) };
  const text = JSON.stringify(record);
  if (written.get(id) === text) return;
  await putJson(recordOf(id), record);
  written.set(id, text);
}

function schedulePersist(id: string) {
  if (writing.has(id)) {
    again.add(id);
    return;
  }
  const run = (async () => {
    do {
      again.delete(id);
      try {
        await persist(id);
      } catch (error) {
        persistError?.(error);
      }
    } while (again.has(id));
    writing.delete(id);
  })();
  writing.set(id, run);
}

/** Resolves once the list's state is on the device. */
export async function uploadsPersisted(): Promise<void> {
  while (writing.size > 0) await Promise.all(writing.values());
}

/** Bytes acknowledged by the server so far: the parts it has taken. */
export function acknowledgedBytes(file: QueuedFile): number {
  if (!file.parts) return 0;
  return Object.keys(file.parts.etags).reduce((sum, n) => {
    const part = Number(n);
    return sum + Math.min(file.parts!.partSize, file.size - (part - 1) * file.parts!.partSize);
  }, 0);
}

/** Version 1 → 2: one record per file; the bytes stay where they are (one chunk each). */
async function migrateLegacyQueue(): Promise<void> {
  const legacy = await getJson<QueuedFile[]>(LEGACY_QUEUE_RECORD);
  if (!legacy) return;
  for (const file of legacy) {
    const record: StoredRecord = { version: UPLOAD_RECORD_VERSION, file: kept(file) };
    await putJson(recordOf(file.id), record);
  }
  // Only once every file has its own record: a crash before this line migrates again.
  await remove(LEGACY_QUEUE_RECORD);
}

async function storedFiles(): Promise<QueuedFile[]> {
  const names = await recordNames((name) => name.startsWith(RECORD_PREFIX));
  const records = await Promise.all(names.map((name) => getJson<StoredRecord>(name)));
  return records
    .filter((r): r is StoredRecord => r?.version === UPLOAD_RECORD_VERSION && Boolean(r.file))
    .map(({ file }) => {
      written.set(file.id, JSON.stringify({ version: UPLOAD_RECORD_VERSION, file }));
      if (file.stage === 'compressing') return { ...file, stage: 'stored' as const };
      // Given up on a failing server in an earlier sitting: a new start tries again.
      if (file.stage === 'error' && file.gaveUp)
        return { ...file, stage: 'queued' as const, error: undefined, gaveUp: undefined };
      if (file.stage === 'uploading' || file.stage === 'waiting')
        return { ...file, stage: 'queued' as const, bytesSent: acknowledgedBytes(file) };
      return file;
    })
    .sort((a, b) => a.addedAt.localeCompare(b.addedAt));
}

/** Reads the files from the device; whatever was running when the page went away starts again. */
export async function readStoredUploads(): Promise<readonly QueuedFile[]> {
  await migrateLegacyQueue();
  const files = await storedFiles();
  const known = new Set(snapshot.files.map((f) => f.id));
  snapshot = { loaded: true, files: [...snapshot.files, ...files.filter((f) => !known.has(f.id))] };
  notify();
  return snapshot.files;
}

/**
 * Takes the device's word for every file this tab is not sending (`sending`): another tab may
 * have sent (or added) files since this one read them. Called when this tab becomes the sender.
 * A file this tab changed while the device was being read keeps its newer state: a send that
 * finished meanwhile has left `sending`, and its record as read still says it was on its way,
 * which would send it again.
 */
export async function refreshStoredUploads(sending: ReadonlyMap<string, unknown>): Promise<void> {
  await uploadsPersisted();
  const asRead = new Map(snapshot.files.map((f) => [f.id, f]));
  const stored = new Map((await storedFiles()).map((f) => [f.id, f]));
  const files = snapshot.files.map((f) =>
    sending.has(f.id) || asRead.get(f.id) !== f ? f : (stored.get(f.id) ?? f),
  );
  const known = new Set(files.map((f) => f.id));
  setUploads([...files, ...[...stored.values()].filter((f) => !known.has(f.id))]);
}

/** Forgets the wizard draft's files in memory, keeping replacements on their way. */
export function forgetDraftUploads() {
  setUploads(snapshot.files.filter((f) => !isDraftFile(f)));
}

export function readUploadBytes(file: QueuedFile): Promise<ArrayBuffer | undefined> {
  return readAll(file);
}

/**
 * Keeps bytes in chunks under `key` (a new file's id, or a new bytesId for bytes that replace a
 * file's); answers the layout to record with it.
 */
export function keepUploadBytes(key: string, bytes: Blob | ArrayBuffer) {
  return keepBlob(key, bytes instanceof Blob ? bytes : new Blob([bytes]));
}

/** Removes every version of the file's bytes. */
export function removeUploadBytes(id: string): Promise<void> {
  return removeBytes(id);
}

/** Removes one version of a file's bytes: those under `key` (an id or a bytesId). */
export function removeBytesUnder(key: string): Promise<void> {
  return removeChunks(key);
}
