// Failures of what the app stands on (the database, the object store, the disk), told apart
// from bugs by the machine codes along the error's cause chain (safe-error.ts), so the client
// gets a clear 503 or 507 it can retry instead of a 500. Every write the app acknowledges is
// one statement batch or one object put, so an outage mid-request leaves nothing half-written.
import { safeError } from './safe-error.ts';

export type Outage = {
  status: 503 | 507;
  code: 'service_unavailable' | 'insufficient_storage';
  message: string;
};

/** Out of space: the database file or the disk under the object store. */
const FULL = /^(SQLITE_FULL|ENOSPC|EDQUOT)$/;
/**
 * Locked, busy, unreachable or failing: a write lock held past the busy timeout, a database
 * server or object store that cannot be reached, an I/O error.
 */
const UNAVAILABLE =
  /^(SQLITE_BUSY|SQLITE_LOCKED|SQLITE_CANTOPEN|SQLITE_IOERR|SQLITE_PROTOCOL|SQLITE_READONLY_DBMOVED|EIO|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|ENOTFOUND|EPIPE|UND_ERR_[A-Z_]+|HRANA_[A-Z_]+|SERVER_ERROR|CLIENT_CLOSED)/;

export const RETRY_AFTER_SECONDS = 30;

export function outageOf(error: unknown): Outage | null {
  const codes = safeError(error).codes ?? [];
  if (codes.some((code) => FULL.test(code))) {
    return {
      status: 507,
      code: 'insufficient_storage',
      message:
        'The server has run out of storage space, so nothing was saved. Please try again later.',
    };
  }
  if (codes.some((code) => UNAVAILABLE.test(code))) {
    return {
      status: 503,
      code: 'service_unavailable',
      message:
        'The service is briefly unavailable, so nothing was saved. Please try again in a minute.',
    };
  }
  return null;
}
