// The upload queue (issue 6). A file is written to the device first, then compressed when it
// is an image, then sent: ticket (POST /api/objects/upload) -> PUT with progress -> done.
// The queue lives in IndexedDB, so it resumes after a reload; at most 6 files are in flight;
// only files of the sections the wizard currently shows are sent (setUploadSections).
// Offline, a file waits for the connection for as long as it takes; online, network errors
// and retriable statuses are tried again up to 10 times (upload-retry.ts), then the file is
// in error. A 4xx that retrying cannot fix is shown on the file ('Action Needed').
import type { ObjectUploadResponse } from '../../schema/api.ts';
import { ApiError, api } from './api.ts';
import { getBytes, getJson, putBytes, putJson, remove } from './device-store.ts';
import { isRetriableStatus, MAX_PARALLEL_UPLOADS, retryDelay } from './upload-retry.ts';
import { NetworkError, putBytes as putToUrl } from './upload-transport.ts';

export type UploadStage =
  | 'stored'
  | 'compressing'
  | 'queued'
  | 'waiting'
  | 'uploading'
  | 'done'
  | 'error';

export type QueuedFile = {
  id: string;
  sectionKey: string;
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

const QUEUE_RECORD = 'upload-queue';
const bytesRecord = (id: string) => `file:${id}`;

type Snapshot = { loaded: boolean; files: readonly QueuedFile[] };
let snapshot: Snapshot = { loaded: false, files: [] };
const listeners = new Set<() => void>();
const inFlight = new Map<string, AbortController>();
let compressionChain: Promise<unknown> = Promise.resolve();
let loading: Promise<void> | null = null;
/** Sections whose files may be sent; none until the wizard knows the practice type. */
let sendableSections: ReadonlySet<string> = new Set();

export function subscribeUploads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function uploadsSnapshot(): Snapshot {
  return snapshot;
}

function emit(files: readonly QueuedFile[]) {
  snapshot = { loaded: true, files };
  for (const listener of listeners) listener();
  schedulePersist();
}

function find(id: string): QueuedFile | undefined {
  return snapshot.files.find((f) => f.id === id);
}

function patch(id: string, changes: Partial<QueuedFile>) {
  if (!find(id)) return;
  emit(snapshot.files.map((f) => (f.id === id ? { ...f, ...changes } : f)));
}

// Writes are coalesced: one in flight, at most one more pending with the latest state.
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

/** Resolves once the queue's state is on the device. */
export async function uploadsPersisted(): Promise<void> {
  while (persisting) await persisting;
}

/** Reads the queue from the device and resumes whatever was unfinished. */
export function loadUploads(): Promise<void> {
  loading ??= (async () => {
    const stored = (await getJson<QueuedFile[]>(QUEUE_RECORD)) ?? [];
    snapshot = {
      loaded: true,
      files: stored.map((f) => {
        // Whatever was running when the page went away starts again.
        if (f.stage === 'compressing') return { ...f, stage: 'stored' as const };
        if (f.stage === 'uploading' || f.stage === 'waiting')
          return { ...f, stage: 'queued' as const, bytesSent: 0 };
        return f;
      }),
    };
    for (const listener of listeners) listener();
    for (const f of snapshot.files) if (f.stage === 'stored') void prepare(f.id);
    pump();
  })();
  return loading;
}

export type IncomingFile = {
  sectionKey: string;
  name: string;
  type: string;
  bytes: ArrayBuffer;
  /** Whether to compress on the device (photos). */
  compress: boolean;
};

/**
 * Keeps the file on the device before anything else, then starts its way to the server.
 * Throws DeviceStorageFullError when the device cannot keep it.
 */
export async function addFile(incoming: IncomingFile): Promise<QueuedFile> {
  await loadUploads();
  const id = crypto.randomUUID();
  await putBytes(bytesRecord(id), incoming.bytes);
  const file: QueuedFile = {
    id,
    sectionKey: incoming.sectionKey,
    name: incoming.name,
    type: incoming.type,
    size: incoming.bytes.byteLength,
    originalSize: incoming.bytes.byteLength,
    addedAt: new Date().toISOString(),
    stage: incoming.compress ? 'stored' : 'queued',
    compress: incoming.compress,
    bytesSent: 0,
  };
  emit([...snapshot.files, file]);
  await uploadsPersisted();
  if (incoming.compress) void prepare(id);
  else pump();
  return file;
}

function prepare(id: string): Promise<unknown> {
  compressionChain = compressionChain.then(async () => {
    const file = find(id);
    if (file?.stage !== 'stored') return;
    patch(id, { stage: 'compressing' });
    try {
      const { compressImage, makeThumbnail } = await import('./image-compression.ts');
      const bytes = await getBytes(bytesRecord(id));
      if (!bytes) throw new Error('missing');
      const out = await compressImage(bytes, file.type, file.name);
      if (!find(id)) return;
      await putBytes(bytesRecord(id), out.bytes);
      const thumbnail = await makeThumbnail(out.bytes, out.type);
      patch(id, {
        stage: 'queued',
        compress: false,
        type: out.type,
        name: out.name,
        size: out.bytes.byteLength,
        thumbnail,
      });
    } catch {
      patch(id, {
        stage: 'error',
        error: 'This image could not be read. Please take the photo again or choose another file.',
      });
    }
    pump();
  });
  return compressionChain;
}

export async function removeUpload(id: string): Promise<void> {
  inFlight.get(id)?.abort();
  inFlight.delete(id);
  emit(snapshot.files.filter((f) => f.id !== id));
  await remove(bytesRecord(id));
  await uploadsPersisted();
}

/**
 * Sends the file again from the device copy, e.g. after 'Action Needed' or when the server lost
 * it. A photo whose compression failed is compressed again rather than sent as it was picked.
 */
export function resendUpload(id: string) {
  const file = find(id);
  if (!file) return;
  inFlight.get(id)?.abort();
  inFlight.delete(id);
  patch(id, {
    stage: file.compress ? 'stored' : 'queued',
    bytesSent: 0,
    note: undefined,
    uploadURL: undefined,
    url: undefined,
    uploadedAt: undefined,
    error: undefined,
  });
  if (file.compress) void prepare(id);
  else pump();
}

/**
 * Which sections' files may be sent: those of the chosen practice type. Files of other
 * sections stay on the device (switching back restores them) but are not uploaded.
 */
export function setUploadSections(keys: readonly string[]) {
  sendableSections = new Set(keys);
  const held: string[] = [];
  for (const [id, controller] of inFlight) {
    const file = find(id);
    if (file && !sendableSections.has(file.sectionKey)) {
      controller.abort();
      inFlight.delete(id);
      held.push(id);
    }
  }
  if (held.length > 0) {
    emit(
      snapshot.files.map((f) =>
        held.includes(f.id) ? { ...f, stage: 'queued' as const, bytesSent: 0, note: undefined } : f,
      ),
    );
  }
  pump();
}

/** Forgets every file (after a successful submit or 'Start over'); the caller clears the device. */
export function resetUploads() {
  for (const controller of inFlight.values()) controller.abort();
  inFlight.clear();
  snapshot = { loaded: true, files: [] };
  for (const listener of listeners) listener();
}

/**
 * Resolves when none of these files is still on its way (each is done or in error), or as
 * soon as the device is offline while some still are: waiting for the connection can take
 * days, and whoever waits for the files must not wait with it.
 */
export function uploadsSettled(ids: readonly string[]): Promise<readonly QueuedFile[]> {
  return new Promise((resolve) => {
    const check = () => {
      const files = ids.map(find).filter((f): f is QueuedFile => Boolean(f));
      const moving = files.filter((f) => f.stage !== 'done' && f.stage !== 'error');
      if (moving.length === 0 || !online() || moving.some((f) => f.stage === 'waiting')) {
        listeners.delete(check);
        if (typeof window !== 'undefined') window.removeEventListener('offline', check);
        resolve(files);
      }
    };
    listeners.add(check);
    if (typeof window !== 'undefined') window.addEventListener('offline', check);
    check();
  });
}

function pump() {
  for (const file of snapshot.files) {
    if (inFlight.size >= MAX_PARALLEL_UPLOADS) return;
    if (
      (file.stage === 'queued' || file.stage === 'waiting') &&
      !inFlight.has(file.id) &&
      sendableSections.has(file.sectionKey)
    ) {
      const controller = new AbortController();
      inFlight.set(file.id, controller);
      void send(file.id, controller.signal).finally(() => {
        if (inFlight.get(file.id)?.signal === controller.signal) inFlight.delete(file.id);
        pump();
      });
    }
  }
}

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/** Resolves on the `online` event (or when the upload is stopped). */
function waitForConnection(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    window.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

type Attempt =
  | { outcome: 'done'; url: string }
  | { outcome: 'retry'; reason: string }
  | { outcome: 'new-ticket' }
  | { outcome: 'failed'; message: string };

async function attemptUpload(id: string, signal: AbortSignal): Promise<Attempt> {
  let file = find(id)!;
  try {
    if (!file.uploadURL) {
      const ticket = await api.post<ObjectUploadResponse>('/api/objects/upload', {
        filename: `${file.sectionKey}_${Date.now()}`,
      });
      patch(id, { uploadURL: ticket.uploadURL });
      file = find(id)!;
    }
    const bytes = await getBytes(bytesRecord(id));
    if (!bytes) {
      return {
        outcome: 'failed',
        message: 'This file is no longer on this device. Please remove it and add it again.',
      };
    }
    patch(id, { bytesSent: 0 });
    const result = await putToUrl(
      file.uploadURL!,
      bytes,
      file.type,
      (sent) => patch(id, { bytesSent: Math.min(sent, bytes.byteLength) }),
      signal,
    );
    const url = file.uploadURL!.split('?')[0]!;
    if (result.status >= 200 && result.status < 300) return { outcome: 'done', url };
    const body = result.body as { error?: { code?: string; message?: string }; size?: number };
    // A previous PUT of this very file got through but its answer was lost.
    if (result.status === 412 && body?.error?.code === 'already_uploaded') {
      if (body.size === bytes.byteLength) return { outcome: 'done', url };
      return { outcome: 'new-ticket' };
    }
    if (result.status === 403 && body?.error?.code === 'url_expired')
      return { outcome: 'new-ticket' };
    if (isRetriableStatus(result.status)) return { outcome: 'retry', reason: `${result.status}` };
    return {
      outcome: 'failed',
      message: body?.error?.message ?? `Upload failed (${result.status}). Please try again.`,
    };
  } catch (error) {
    if (signal.aborted) return { outcome: 'retry', reason: 'aborted' };
    if (error instanceof NetworkError || error instanceof TypeError) {
      return { outcome: 'retry', reason: 'network' };
    }
    if (error instanceof ApiError) {
      if (isRetriableStatus(error.status))
        return { outcome: 'retry', reason: String(error.status) };
      return {
        outcome: 'failed',
        message: error.serverMessage ?? 'Failed to get upload URL',
      };
    }
    return { outcome: 'failed', message: 'Upload failed' };
  }
}

async function send(id: string, signal: AbortSignal): Promise<void> {
  let failures = 0;
  let newTickets = 0;
  while (!signal.aborted && find(id)) {
    if (!online()) {
      patch(id, { stage: 'waiting', note: undefined, bytesSent: 0 });
      await waitForConnection(signal);
      // What failed before the connection went away says nothing about the server.
      failures = 0;
      continue;
    }
    patch(id, { stage: 'uploading', error: undefined });
    const attempt = await attemptUpload(id, signal);
    if (signal.aborted || !find(id)) return;
    switch (attempt.outcome) {
      case 'done':
        patch(id, {
          stage: 'done',
          url: attempt.url,
          uploadedAt: new Date().toISOString(),
          bytesSent: find(id)!.size,
          note: undefined,
        });
        return;
      case 'failed':
        patch(id, { stage: 'error', error: attempt.message, note: undefined, bytesSent: 0 });
        return;
      case 'new-ticket':
        if (++newTickets > 2) {
          patch(id, { stage: 'error', error: 'Upload failed', note: undefined });
          return;
        }
        patch(id, { uploadURL: undefined });
        continue;
      case 'retry': {
        // Offline, a failure is the connection's: wait for it (top of the loop), uncounted.
        if (!online()) continue;
        failures += 1;
        const delay = retryDelay(failures);
        if (delay === null) {
          patch(id, { stage: 'error', error: 'Upload failed', note: undefined, bytesSent: 0 });
          return;
        }
        patch(id, { note: 'Connection problem, trying again…', bytesSent: 0 });
        await sleep(delay, signal);
      }
    }
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => pump());
}
