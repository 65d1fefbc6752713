// When a failed upload is tried again (SPEC §8, §9): network errors and these statuses are
// worth retrying, after 0, 1, 3 and 5 seconds; after that the file waits for the connection
// instead of giving up (issue 6).

export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000] as const;
/** After the delays run out, try again this often while the browser thinks it is online. */
export const WAITING_RETRY_MS = 5000;
export const MAX_PARALLEL_UPLOADS = 6;

export function isRetriableStatus(status: number): boolean {
  if ([408, 409, 418, 423, 429].includes(status)) return true;
  return status >= 500 && status !== 501 && status !== 505;
}

/** The delay before attempt number `failures` (1 = first retry), or null: start waiting. */
export function retryDelay(failures: number): number | null {
  return RETRY_DELAYS_MS[failures - 1] ?? null;
}
