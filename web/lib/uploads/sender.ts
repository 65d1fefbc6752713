// One attempt at sending a file: a ticket (POST /api/objects/upload) unless the file has one,
// then its bytes PUT to the ticket's URL with progress; a file above the 5 MB threshold goes up
// in parts instead (parts.ts). The answer says what the scheduler
// (scheduler.ts) does next; this module neither waits nor retries.
import { uploadTicket } from '../../../schema/public-endpoints.ts';
import { MULTIPART_THRESHOLD_BYTES } from '../../../schema/upload-parts.ts';
import { request } from '../api-client.ts';
import { ApiError } from '../api-error.ts';
import {
  type Attempt,
  type AttemptEvents,
  FILE_GONE,
  isNoAnswer,
  jsonCallSignal,
} from './attempt.ts';
import { attemptInParts } from './parts.ts';
import { isRetriableStatus, retryAfterMs } from './retry.ts';
import type { QueuedFile } from './store.ts';
import { readUploadBytes } from './store.ts';
import { BlockedUploadError, NetworkError, putBytes } from './transport.ts';
import { urlExpired } from './upload-url.ts';

export async function attemptUpload(
  file: QueuedFile,
  signal: AbortSignal,
  on: AttemptEvents,
): Promise<Attempt> {
  try {
    // Larger files go up in parts, each acknowledged (docs/decisions/063-resumable-uploads.md).
    if (file.size > MULTIPART_THRESHOLD_BYTES) return await attemptInParts(file, signal, on);
    const bytes = await readUploadBytes(file);
    if (!bytes) return { outcome: 'failed', message: FILE_GONE };
    // A URL kept from an earlier attempt that has expired (a phone back after a day) is
    // replaced before it is sent, not refused by the store and tried again.
    let uploadURL = file.uploadURL && !urlExpired(file.uploadURL) ? file.uploadURL : undefined;
    if (!uploadURL) {
      // Size and type declared: an R2 URL signs them, so it takes these bytes and no others.
      const ticket = await request(uploadTicket, {
        body: {
          filename: `${file.sectionKey}_${Date.now()}`,
          size: bytes.byteLength,
          contentType: file.type,
        },
        signal: jsonCallSignal(signal),
      });
      uploadURL = ticket.uploadURL;
      on.ticket(uploadURL);
    }
    on.progress(0);
    const result = await putBytes(
      uploadURL,
      bytes,
      file.type,
      (sent) => on.progress(Math.min(sent, bytes.byteLength)),
      signal,
    );
    const url = uploadURL.split('?')[0]!;
    if (result.status >= 200 && result.status < 300) return { outcome: 'done', url };
    const body = result.body as { error?: { code?: string; message?: string }; size?: number };
    // A previous PUT of this very file got through but its answer was lost.
    if (result.status === 412 && body?.error?.code === 'already_uploaded') {
      if (body.size === bytes.byteLength) return { outcome: 'done', url };
      return { outcome: 'new-ticket' };
    }
    // Ours says url_expired; R2/S3 refuse an expired or altered presigned URL with an XML 403,
    // and a PUT to a URL already used (If-None-Match: *, the answer lost) with an XML 412.
    const storeRefused = typeof result.body === 'string' && result.body.includes('<Error>');
    if (result.status === 412 && storeRefused) return { outcome: 'done', url };
    if (result.status === 403 && (body?.error?.code === 'url_expired' || storeRefused))
      return { outcome: 'new-ticket' };
    if (isRetriableStatus(result.status))
      return {
        outcome: 'retry',
        reason: `${result.status}`,
        afterMs: retryAfterMs(result.retryAfter),
      };
    return {
      outcome: 'failed',
      message: body?.error?.message ?? `Upload failed (${result.status}). Please try again.`,
    };
  } catch (error) {
    if (signal.aborted) return { outcome: 'retry', reason: 'aborted' };
    if (error instanceof BlockedUploadError) return { outcome: 'failed', message: error.message };
    if (error instanceof NetworkError || isNoAnswer(error)) {
      return { outcome: 'retry', reason: 'network' };
    }
    if (error instanceof ApiError) {
      if (isRetriableStatus(error.status))
        return {
          outcome: 'retry',
          reason: String(error.status),
          afterMs: retryAfterMs(error.retryAfter),
        };
      return { outcome: 'failed', message: error.serverMessage ?? 'Failed to get upload URL' };
    }
    return { outcome: 'failed', message: 'Upload failed' };
  }
}
