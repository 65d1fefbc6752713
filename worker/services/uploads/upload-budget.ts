// Room for a new upload (decision 068, SECURITY.md "Disk filling"). Upload tickets need no
// sign-in, so three rules bound what anyone can make the server keep before the orphan sweep:
// - an hourly count of upload attempts per client (UPLOAD_RATE_LIMIT);
// - a budget per client of bytes uploaded and not yet used by a submission, where a ticket
//   whose bytes may still arrive counts at its full allowance;
// - a floor of free disk (the database lives on the same disk) below which no new upload is
//   taken at all.
// Tickets of every kind (single PUT or in parts) live in upload_tickets, so all apply to all.
import { and, eq, isNull } from 'drizzle-orm';
import { uploadTickets } from '../../../schema/db.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, RateLimitedError } from '../../http.ts';
import { UploadNotFoundError } from '../../ports.ts';
import {
  countQuery,
  countResult,
  hashSubject,
  UPLOAD_WINDOW_MS,
} from '../rate-limits/rate-limits.ts';

/** After its URL expired, an upload still absent this much later is taken as never coming. */
const ABSENT_GRACE_MS = 60 * 60_000;

export const STORAGE_FULL_MESSAGE =
  'Our server is short of storage space just now, so it cannot take new files. Your files are kept on this device; please try again later.';
export const UPLOAD_BUDGET_MESSAGE =
  'Too many uploaded files from this device are waiting to be used in an application. Submit your application, or try again later.';

export function uploadsLimitedMessage(retryAfterSeconds: number): string {
  return `Too many uploads from this device. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`;
}

/** The client's uploads no submission used (a builder, so it can go into a batch). */
function outstandingUploadsQuery(db: Database, clientKey: string) {
  return db
    .select({
      objectKey: uploadTickets.objectKey,
      maxBytes: uploadTickets.maxBytes,
      storedBytes: uploadTickets.storedBytes,
      expiresAt: uploadTickets.expiresAt,
      multipartUploadId: uploadTickets.multipartUploadId,
    })
    .from(uploadTickets)
    .where(and(eq(uploadTickets.clientKey, clientKey), isNull(uploadTickets.usedAt)));
}

/** An upload attempt let through the hourly limit: whose it is and what it already holds. */
export type UploadAdmission = {
  /** The client address's hash: the rate-limit subject and the tickets' client_key. */
  clientKey: string;
  outstanding: Awaited<ReturnType<typeof outstandingUploadsQuery>>;
};

/**
 * Counts an upload attempt against the client's hourly limit (a 429 beyond it) and reads the
 * client's outstanding uploads for checkUploadRoom, in one batch: one round trip to Turso on
 * Workers, one transaction. The attempt counts whatever the checks after it answer.
 */
export async function admitUpload(deps: Deps, clientAddress: string): Promise<UploadAdmission> {
  const clientKey = await hashSubject(clientAddress);
  const now = deps.clock.now();
  const rule = {
    bucket: 'upload_ticket',
    limit: deps.config.uploadRateLimit,
    windowMs: UPLOAD_WINDOW_MS,
  };
  const [counted, outstanding] = await deps.db.batch([
    countQuery(deps.db, rule, clientKey, now),
    outstandingUploadsQuery(deps.db, clientKey),
  ]);
  const limit = countResult(rule, now, counted);
  if (!limit.allowed) {
    const wait = limit.retryAfterSeconds;
    throw new RateLimitedError('rate_limited', uploadsLimitedMessage(wait), wait);
  }
  return { clientKey, outstanding };
}

/** Records a size learnt from the store, so it is asked once (a builder, for a batch). */
function sizeRecord(db: Database, objectKey: string, storedBytes: number) {
  return db
    .update(uploadTickets)
    .set({ storedBytes })
    .where(eq(uploadTickets.objectKey, objectKey));
}

type SizeRecord = ReturnType<typeof sizeRecord>;

/**
 * Bytes in the client's outstanding uploads. Sizes not yet known are looked up (the arrived
 * object's size, or 0 when nothing came in time), with the statements that record them.
 */
async function outstandingUploadBytes(
  deps: Deps,
  rows: UploadAdmission['outstanding'],
  now: Date,
): Promise<{ total: number; records: SizeRecord[] }> {
  let total = 0;
  const unknown = [];
  const records: SizeRecord[] = [];
  for (const row of rows) {
    if (row.storedBytes === null) unknown.push(row);
    else total += row.storedBytes;
  }
  for (let i = 0; i < unknown.length; i += 8) {
    const sizes = await Promise.all(
      unknown.slice(i, i + 8).map(async (row) => {
        const stored = await deps.store.head(row.objectKey);
        const gone = now.getTime() >= row.expiresAt.getTime() + ABSENT_GRACE_MS;
        if (!stored && gone && row.multipartUploadId) {
          // Unfinished parts stay in the store until the sweep aborts the upload: they count
          // at their size until then (not recorded, they go later).
          const held = await heldPartBytes(deps, row.objectKey, row.multipartUploadId);
          if (held !== null) return held;
        }
        const known = stored ? stored.size : gone ? 0 : null;
        if (known !== null) records.push(sizeRecord(deps.db, row.objectKey, known));
        return known ?? row.maxBytes;
      }),
    );
    total += sizes.reduce((a, b) => a + b, 0);
  }
  return { total, records };
}

/** Bytes of the parts an unfinished upload holds; null when the store has no such upload. */
async function heldPartBytes(deps: Deps, key: string, uploadId: string): Promise<number | null> {
  try {
    const parts = await deps.store.listParts(key, uploadId);
    return parts.reduce((sum, part) => sum + part.size, 0);
  } catch (error) {
    if (error instanceof UploadNotFoundError) return null;
    throw error;
  }
}

/**
 * Throws 507 below the free-space floor and 429 over the client's budget. Answers the
 * statements recording the sizes it learnt from the store, for the caller to send in the batch
 * that writes its ticket: no round trip of their own (a ticket refused later for its type
 * records none, and the store is asked again next time).
 */
export async function checkUploadRoom(
  deps: Deps,
  admission: UploadAdmission,
  maxBytes: number,
): Promise<SizeRecord[]> {
  const free = await deps.diskSpace.freeBytes();
  if (free !== null && free - maxBytes < deps.config.minFreeDiskBytes) {
    deps.logger.error('upload refused: free disk below the floor', { freeBytes: free });
    throw new ApiError(507, 'storage_full', STORAGE_FULL_MESSAGE);
  }
  const { total, records } = await outstandingUploadBytes(
    deps,
    admission.outstanding,
    deps.clock.now(),
  );
  if (total + maxBytes > deps.config.uploadBudgetBytes) {
    // Recorded all the same: a client over its budget tends to try again soon.
    const [first, ...rest] = records;
    if (first) await deps.db.batch([first, ...rest]);
    throw new ApiError(429, 'upload_budget_exceeded', UPLOAD_BUDGET_MESSAGE);
  }
  return records;
}
