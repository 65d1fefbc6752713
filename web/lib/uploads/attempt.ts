// What one attempt at sending a file answers, whether in one PUT (sender.ts) or in
// parts (parts.ts); the scheduler (scheduler.ts) decides what comes next.
import type { PartsUpload } from './store.ts';

export type Attempt =
  | { outcome: 'done'; url: string }
  /**
   * reason 'network': no answer at all; otherwise the status or problem the server gave.
   * afterMs: the server asked to be left alone this long (Retry-After).
   */
  | { outcome: 'retry'; reason: string; afterMs?: number }
  /** The URL or upload can no longer be used (expired, or it holds other bytes): start anew. */
  | { outcome: 'new-ticket' }
  | { outcome: 'failed'; message: string };

export const FILE_GONE =
  'This file is no longer on this device. Please remove it and add it again.';

/** A JSON call of an upload (ticket, parts, complete) gets no longer than this to answer. */
export const JSON_CALL_TIMEOUT_MS = 30_000;

/**
 * The signal for one JSON call: aborted with the attempt, or with a TimeoutError when the server
 * has not answered in time (a timer of our own, so a hung call never holds the file).
 */
export function jsonCallSignal(signal: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('No answer in time', 'TimeoutError')),
    JSON_CALL_TIMEOUT_MS,
  );
  const stop = () => {
    clearTimeout(timer);
    controller.abort(signal.reason);
  };
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  return controller.signal;
}

/** No answer at all: a dropped connection, or a JSON call that timed out. */
export function isNoAnswer(error: unknown): boolean {
  return (
    error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError')
  );
}

export type AttemptEvents = {
  /** A new upload URL, to keep with the file so a retry does not need another ticket. */
  ticket(uploadURL: string): void;
  progress(bytesSent: number): void;
  /** The file's upload in parts as it now stands (undefined: start it again), to keep. */
  parts(parts: PartsUpload | undefined): void;
};
