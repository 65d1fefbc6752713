// The upload queue (docs/offline-submit-flow.md): what the wizard does with a file. It is written to the device
// first (store.ts), then compressed when it is a photo (compression.ts), then
// sent when the scheduler lets it (scheduler.ts, sender.ts).
import { expireStaleDeviceData } from '../device-store.ts';
import { compressUpload } from './compression.ts';
import { abortParts } from './parts.ts';
import { pumpUploads, stopUpload } from './scheduler.ts';
import {
  findUpload,
  forgetDraftUploads,
  isDraftFile,
  keepUploadBytes,
  patchUpload,
  type QueuedFile,
  type ReplacementTarget,
  readStoredUploads,
  removeUploadBytes,
  setUploads,
  uploadsPersisted,
  uploadsSnapshot,
} from './store.ts';

let loading: Promise<void> | null = null;

/**
 * Reads the queue from the device and resumes whatever was unfinished. Device data nobody
 * touched for 30 days is wiped first (docs/decisions/035-device-data-lifetime.md), on the
 * tracking page as in the wizard, so nothing a practitioner abandoned stays for good.
 */
export function loadUploads(): Promise<void> {
  loading ??= (async () => {
    await expireStaleDeviceData().catch(() => false);
    const files = await readStoredUploads();
    for (const f of files) if (f.stage === 'stored') void compressUpload(f.id, pumpUploads);
    pumpUploads();
  })();
  return loading;
}

export type IncomingFile = {
  sectionKey: string;
  name: string;
  type: string;
  /** The picked file; kept on the device in chunks, never read whole here. */
  bytes: Blob;
  /** Whether to compress on the device (photos). */
  compress: boolean;
  /** Set when the file replaces a rejected document (tracking page) instead of joining the draft. */
  replacement?: ReplacementTarget;
  /** Set when the file is one of the practice manager's shared documents. */
  practice?: true;
};

/**
 * Keeps the file on the device before anything else, then starts its way to the server.
 * Throws DeviceStorageFullError when the device cannot keep it.
 */
export async function addFile(incoming: IncomingFile): Promise<QueuedFile> {
  await loadUploads();
  const id = crypto.randomUUID();
  const { size, chunkSize } = await keepUploadBytes(id, incoming.bytes);
  const file: QueuedFile = {
    id,
    sectionKey: incoming.sectionKey,
    ...(incoming.replacement ? { replacement: incoming.replacement } : {}),
    ...(incoming.practice ? { practice: true as const } : {}),
    name: incoming.name,
    type: incoming.type,
    size,
    originalSize: size,
    chunkSize,
    addedAt: new Date().toISOString(),
    stage: incoming.compress ? 'stored' : 'queued',
    compress: incoming.compress,
    bytesSent: 0,
  };
  setUploads([...uploadsSnapshot().files, file]);
  await uploadsPersisted();
  if (incoming.compress) void compressUpload(id, pumpUploads);
  else pumpUploads();
  return file;
}

export async function removeUpload(id: string): Promise<void> {
  stopUpload(id);
  const file = findUpload(id);
  setUploads(uploadsSnapshot().files.filter((f) => f.id !== id));
  await removeUploadBytes(id);
  // An upload in parts the server holds parts of: let it go now rather than at the sweep.
  if (file?.parts) void abortParts(file.parts.uploadId);
  await uploadsPersisted();
}

/**
 * Sends the file again from the device copy, e.g. after 'Action Needed' or when the server lost
 * it. A photo whose compression failed is compressed again rather than sent as it was picked.
 */
export function resendUpload(id: string) {
  const file = findUpload(id);
  if (!file) return;
  stopUpload(id);
  patchUpload(id, {
    stage: file.compress ? 'stored' : 'queued',
    bytesSent: 0,
    note: undefined,
    uploadURL: undefined,
    // Parts already acknowledged stay: sending again resumes after them.
    url: undefined,
    uploadedAt: undefined,
    error: undefined,
  });
  if (file.compress) void compressUpload(id, pumpUploads);
  else pumpUploads();
}

/**
 * Forgets the draft's files (after a successful submit or 'Start over'); replacements sent from
 * the tracking page go on. The caller wipes the device (device-wipe.ts).
 */
export function resetUploads() {
  for (const file of uploadsSnapshot().files) if (isDraftFile(file)) stopUpload(file.id);
  forgetDraftUploads();
}
