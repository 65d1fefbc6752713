// Idempotency-Key support: a retried POST with the same key and body gets the first answer
// again and creates nothing. The key row is written in the same batch as the operation's own
// rows, so of two concurrent duplicates exactly one commits; the other finds the stored answer.
import { inArray, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../../../schema/db.ts';
import type { Database } from '../../db.ts';
import { ApiError } from '../../http.ts';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** How long a stored answer is replayed; a retry comes within minutes or days, not weeks. */
const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 60 * 60_000;

type StoredAnswer<Body> = { status: number; body: Body };

/** The header value, or undefined when absent; 400 when present but unusable. */
export function parseIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const key = value.trim();
  if (key.length < 1 || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError(
      400,
      'invalid_idempotency_key',
      'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
    );
  }
  return key;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the request in a key-order-independent form. */
export async function requestFingerprint(request: unknown): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(stableJson(request)),
  );
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The read findStoredAnswer needs, for a caller that batches it with others; with no key (a
 * request without the header) it reads nothing.
 */
export function storedAnswerQuery(db: Database, key: string | undefined) {
  return db
    .select()
    .from(idempotencyKeys)
    .where(inArray(idempotencyKeys.key, key ? [key] : []));
}

/** The stored answer in row, null when there is none; 422 when the key was used for another request. */
export function answerFromStored<Body>(
  row: typeof idempotencyKeys.$inferSelect | undefined,
  scope: string,
  fingerprint: string,
): StoredAnswer<Body> | null {
  if (!row) return null;
  if (row.scope !== scope || row.requestHash !== fingerprint) {
    throw new ApiError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
  }
  return { status: row.responseStatus, body: JSON.parse(row.responseBody) as Body };
}

/** The stored answer for key, null when there is none; 422 when the key was used for another request. */
export async function findStoredAnswer<Body>(
  db: Database,
  scope: string,
  key: string,
  fingerprint: string,
): Promise<StoredAnswer<Body> | null> {
  const [row] = await storedAnswerQuery(db, key);
  return answerFromStored<Body>(row, scope, fingerprint);
}

/** The insert that records an answer; put it in the same batch as the operation's writes. */
export function recordAnswer(
  db: Database,
  entry: {
    scope: string;
    key: string;
    fingerprint: string;
    answer: StoredAnswer<unknown>;
    now: Date;
  },
) {
  return db.insert(idempotencyKeys).values({
    key: entry.key,
    scope: entry.scope,
    requestHash: entry.fingerprint,
    responseStatus: entry.answer.status,
    responseBody: JSON.stringify(entry.answer.body),
    createdAt: entry.now,
  });
}

export async function pruneIdempotencyKeys(db: Database, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)));
}
