// When a failed upload is tried again (docs/product.md#errors, #limits): network errors and these
// statuses are
// worth retrying, at most 10 times, after 0, 1, 3 and 5 seconds and then every 5 seconds.
// While the device is offline nothing is counted: the file waits for the connection instead
// of giving up (docs/decisions/037-upload-queue.md). Online, a server that keeps failing puts the file in error.

export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000] as const;
/** After the listed delays, try again this often (while online). */
export const WAITING_RETRY_MS = 5000;
/** docs/product.md#errors: 'retries up to 10 times'. */
export const MAX_UPLOAD_RETRIES = 10;
export const MAX_PARALLEL_UPLOADS = 6;

export function isRetriableStatus(status: number): boolean {
  if ([408, 409, 418, 423, 429].includes(status)) return true;
  return status >= 500 && status !== 501 && status !== 505;
}

/** The delay before retry number `failures` (1 = first retry), or null: give up. */
export function retryDelay(failures: number): number | null {
  if (failures < 1 || failures > MAX_UPLOAD_RETRIES) return null;
  return RETRY_DELAYS_MS[failures - 1] ?? WAITING_RETRY_MS;
}
