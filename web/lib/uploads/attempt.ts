// What one attempt at sending a file answers, whether in one PUT (sender.ts) or in
// parts (parts.ts); the scheduler (scheduler.ts) decides what comes next.
import type { PartsUpload } from './store.ts';

export type Attempt =
  | { outcome: 'done'; url: string }
  /** reason 'network': no answer at all; otherwise the status or problem the server gave. */
  | { outcome: 'retry'; reason: string }
  /** The URL or upload can no longer be used (expired, or it holds other bytes): start anew. */
  | { outcome: 'new-ticket' }
  | { outcome: 'failed'; message: string };

export const FILE_GONE =
  'This file is no longer on this device. Please remove it and add it again.';

export type AttemptEvents = {
  /** A new upload URL, to keep with the file so a retry does not need another ticket. */
  ticket(uploadURL: string): void;
  progress(bytesSent: number): void;
  /** The file's upload in parts as it now stands (undefined: start it again), to keep. */
  parts(parts: PartsUpload | undefined): void;
};
