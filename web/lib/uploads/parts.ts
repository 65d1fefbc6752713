// One attempt at sending a large file in parts (docs/decisions/063-resumable-uploads.md):
// start the upload unless the file has one, ask the server which parts it holds (so a device
// that lost its list, or a part whose answer was lost, costs nothing), then send each missing
// part from the device's chunks and record its ETag before the next, then complete. An expired
// part URL is replaced without the practitioner doing anything; an upload the server no longer
// knows starts again from the first part.
import {
  multipartAbort,
  multipartComplete,
  multipartParts,
  multipartPartUrls,
  multipartStart,
} from '../../../schema/public-endpoints.ts';
import { request } from '../api-client.ts';
import { ApiError } from '../api-error.ts';
import { release } from '../sealed-box.ts';
import { type Attempt, type AttemptEvents, FILE_GONE, jsonCallSignal } from './attempt.ts';
import { readRange } from './bytes.ts';
import { isRetriableStatus, retryAfterMs } from './retry.ts';
import type { PartsUpload, QueuedFile } from './store.ts';
import { acknowledgedBytes } from './store.ts';
import { putBytes } from './transport.ts';

/** Part URLs asked for at a time: enough to go on, few enough to stay fresh. */
const URL_BATCH = 4;

const partRange = (parts: PartsUpload, size: number, n: number) => {
  const start = (n - 1) * parts.partSize;
  return { start, end: Math.min(size, start + parts.partSize) };
};

/** The server's list is the truth about which parts arrived; ours may be behind or lost. */
async function reconcile(parts: PartsUpload, signal: AbortSignal): Promise<PartsUpload> {
  const held = await request(multipartParts, {
    params: { uploadId: parts.uploadId },
    signal: jsonCallSignal(signal),
  });
  return {
    ...parts,
    etags: Object.fromEntries(held.parts.map((p) => [p.partNumber, p.etag])),
  };
}

const lost = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The server completed this upload: an earlier 'complete' got through but its answer was lost. */
const alreadyComplete = (error: unknown) =>
  error instanceof ApiError && error.body?.error.code === 'upload_completed';

/**
 * Asks for the completed object's address again: the server answers a repeated complete of a
 * finished upload with its url, whatever parts are named, so nothing is sent twice.
 */
async function confirmComplete(parts: PartsUpload, signal: AbortSignal): Promise<Attempt> {
  const named = Object.entries(parts.etags).map(([n, etag]) => ({ partNumber: Number(n), etag }));
  const done = await request(multipartComplete, {
    params: { uploadId: parts.uploadId },
    body: { parts: named.length > 0 ? named : [{ partNumber: 1, etag: 'completed' }] },
    signal: jsonCallSignal(signal),
  });
  return { outcome: 'done', url: done.url };
}

export async function attemptInParts(
  file: QueuedFile,
  signal: AbortSignal,
  on: AttemptEvents,
): Promise<Attempt> {
  let parts = file.parts;
  try {
    if (parts) {
      parts = await reconcile(parts, signal);
    } else {
      const started = await request(multipartStart, {
        body: {
          filename: `${file.sectionKey}_${Date.now()}`,
          size: file.size,
          contentType: file.type,
        },
        signal: jsonCallSignal(signal),
      });
      parts = { ...started, etags: {} };
    }
    on.parts(parts);
  } catch (error) {
    if (parts && alreadyComplete(error)) return await confirmComplete(parts, signal);
    if (lost(error)) {
      on.parts(undefined);
      return { outcome: 'new-ticket' };
    }
    throw error;
  }

  const urls = new Map<number, string>();
  const missing = () =>
    Array.from({ length: parts!.partCount }, (_, i) => i + 1).filter((n) => !parts!.etags[n]);
  async function urlFor(n: number, fresh = false): Promise<string> {
    if (fresh) urls.delete(n);
    if (!urls.has(n)) {
      const wanted = [n, ...missing().filter((m) => m > n)].slice(0, URL_BATCH);
      const answer = await request(multipartPartUrls, {
        params: { uploadId: parts!.uploadId },
        body: { partNumbers: wanted },
        signal: jsonCallSignal(signal),
      });
      for (const part of answer.parts) urls.set(part.partNumber, part.url);
    }
    return urls.get(n)!;
  }

  for (const n of missing()) {
    const { start, end } = partRange(parts, file.size, n);
    const bytes = await readRange(file, start, end);
    if (!bytes) return { outcome: 'failed', message: FILE_GONE };
    const acked = acknowledgedBytes({ ...file, parts });
    let result = await putBytes(
      await urlFor(n),
      bytes,
      file.type,
      (sent) => on.progress(acked + Math.min(sent, bytes.byteLength)),
      signal,
    );
    // An expired (or refused) part URL: once more with a fresh one.
    if (result.status === 403) {
      result = await putBytes(
        await urlFor(n, true),
        bytes,
        file.type,
        (sent) => on.progress(acked + Math.min(sent, bytes.byteLength)),
        signal,
      );
    }
    // The request took its copy of the part when it was sent.
    release(bytes);
    if (result.status === 200 && result.etag) {
      parts = { ...parts, etags: { ...parts.etags, [n]: result.etag } };
      on.parts(parts);
      continue;
    }
    if (result.status === 404) {
      on.parts(undefined);
      return { outcome: 'new-ticket' };
    }
    if (isRetriableStatus(result.status) || result.status === 403 || result.status === 200) {
      return {
        outcome: 'retry',
        reason: String(result.status),
        afterMs: retryAfterMs(result.retryAfter),
      };
    }
    const body = result.body as { error?: { message?: string } } | null;
    return {
      outcome: 'failed',
      message: body?.error?.message ?? `Upload failed (${result.status}). Please try again.`,
    };
  }

  try {
    const done = await request(multipartComplete, {
      params: { uploadId: parts.uploadId },
      body: {
        parts: Object.entries(parts.etags).map(([n, etag]) => ({ partNumber: Number(n), etag })),
      },
      signal: jsonCallSignal(signal),
    });
    return { outcome: 'done', url: done.url };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) {
      on.parts(undefined);
      return { outcome: 'new-ticket' };
    }
    // Parts went missing after all: the next attempt asks the server again and sends them.
    if (error.status === 409) return { outcome: 'retry', reason: 'parts_missing' };
    if (error.status === 400) {
      on.parts(undefined);
      return { outcome: 'failed', message: error.serverMessage ?? 'Upload failed' };
    }
    throw error;
  }
}

/** Lets the server drop the parts of a file removed from the queue (best effort). */
export async function abortParts(uploadId: string): Promise<void> {
  try {
    await request(multipartAbort, {
      params: { uploadId },
      signal: jsonCallSignal(new AbortController().signal),
    });
  } catch {
    // The orphan sweep removes it later.
  }
}
