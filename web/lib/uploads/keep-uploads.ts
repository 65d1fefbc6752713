// Keeps the draft's uploads alive on the server (decision 066): an upload no submission used
// is removed after a day unless its draft says it is still alive, so the device says so when
// the wizard opens, when a file finishes uploading and, at most hourly, while it is edited.
// Offline or refused, nothing is lost: the files are still on the device and are sent again
// if the server no longer has them (submission-outbox-resend.ts).
import { keepUploads } from '../../../schema/public-endpoints.ts';
import { request } from '../api-client.ts';
import { isDraftFile, type QueuedFile } from './store.ts';

/** At most this often for the same uploads: each call keeps them for days. */
export const KEEP_INTERVAL_MS = 60 * 60_000;
const MAX_PER_CALL = 500;

/** The server URLs of the draft's uploaded files (replacements belong to a submission). */
export function draftUploadUrls(files: readonly QueuedFile[]): string[] {
  return files
    .filter((f) => isDraftFile(f) && f.stage === 'done' && f.url)
    .map((f) => f.url!)
    .sort();
}

export async function keepUploadsAlive(urls: readonly string[]): Promise<void> {
  for (let i = 0; i < urls.length; i += MAX_PER_CALL) {
    try {
      await request(keepUploads, { body: { uploads: urls.slice(i, i + MAX_PER_CALL) } });
    } catch {
      // Offline or refused: the next opening or edit tries again.
      return;
    }
  }
}
