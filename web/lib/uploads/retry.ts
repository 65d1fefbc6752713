// When a failed upload is tried again (docs/product.md#errors, #limits): these statuses are
// worth retrying, at most 10 times, after 0, 1, 3 and 5 seconds and then every 5 seconds; a
// server that keeps failing puts the file in error. A network error (no answer at all) is not
// counted: offline the file waits for the connection, and while the phone claims to be online
// (no airtime, a dead tower) it is tried again with growing delays up to about 5 minutes, and at
// once when the page becomes visible or the connection changes (docs/decisions/037-upload-queue.md).

export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000] as const;
/** After the listed delays, try again this often (while online). */
export const WAITING_RETRY_MS = 5000;
/** docs/product.md#errors: 'retries up to 10 times'. */
export const MAX_UPLOAD_RETRIES = 10;
export const MAX_PARALLEL_UPLOADS = 6;
/** Network errors while "online": 1 s, 3 s, 5 s, then doubling up to this. */
export const MAX_NETWORK_RETRY_MS = 5 * 60_000;

/** The longest wait a Retry-After is taken at its word for. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** How long a Retry-After header (seconds or an HTTP date) asks to wait; undefined: it did not. */
export function retryAfterMs(
  header: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

export function isRetriableStatus(status: number): boolean {
  if ([408, 409, 418, 423, 429].includes(status)) return true;
  return status >= 500 && status !== 501 && status !== 505;
}

/** The delay before retry number `failures` (1 = first retry), or null: give up. */
export function retryDelay(failures: number): number | null {
  if (failures < 1 || failures > MAX_UPLOAD_RETRIES) return null;
  return RETRY_DELAYS_MS[failures - 1] ?? WAITING_RETRY_MS;
}

/** The delay before the next try after `failures` network errors in a row; never gives up. */
export function networkRetryDelay(failures: number): number {
  if (failures <= 3) return RETRY_DELAYS_MS[Math.max(1, failures)]!;
  return Math.min(MAX_NETWORK_RETRY_MS, 5000 * 2 ** (failures - 3));
}
