// Keys for machines (issue 40): staff create a key with scopes, a name and an expiry; the key is
// shown once and only its SHA-256 kept; revoking keeps the row. A request with a key is checked
// here: unknown, revoked or expired is 401, a missing scope 403, each use counted against a
// per-key limit and written to the security log in the key's owner's name.
import { desc, eq } from 'drizzle-orm';
import type { ApiKeyCreate, ApiKeyScope, ApiKeyView } from '../../../schema/api-keys-api.ts';
import { apiKeys, staffUsers } from '../../../schema/db.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, RateLimitedError } from '../../http.ts';
import { consume, hashSubject } from '../rate-limits/rate-limits.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';

const DAY_MS = 24 * 60 * 60_000;
/** Every key starts so; a leaked one is easy to find in code and logs. */
const KEY_PREFIX = 'mbb_';
/** Uses per key per minute: ample for a billing system's polling, a ceiling for a runaway one. */
export const API_KEY_RATE_LIMIT = { bucket: 'api-key', limit: 120, windowMs: 60_000 };

/** The machine that called: its key's id and name, acting for the staff member who made it. */
export type ApiKeyIdentity = { id: string; name: string; staff: StaffIdentity };

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return (
    KEY_PREFIX +
    btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, (c) =>
      c === '+' ? '-' : c === '/' ? '_' : '',
    )
  );
}

type Row = typeof apiKeys.$inferSelect & { createdByEmail: string | null };

function view(row: Row): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

function selectKeys(db: Database) {
  return db
    .select({ key: apiKeys, createdByEmail: staffUsers.email })
    .from(apiKeys)
    .leftJoin(staffUsers, eq(staffUsers.id, apiKeys.createdBy));
}

export async function listApiKeys(db: Database): Promise<ApiKeyView[]> {
  const rows = await selectKeys(db).orderBy(desc(apiKeys.createdAt));
  return rows.map((r) => view({ ...r.key, createdByEmail: r.createdByEmail }));
}

/** Creates a key; the answer holds the key itself, which is never shown again. */
export async function createApiKey(
  deps: Deps,
  staff: StaffIdentity,
  request: ApiKeyCreate,
): Promise<{ key: string; apiKey: ApiKeyView }> {
  const now = deps.clock.now();
  const key = randomKey();
  const row = {
    id: crypto.randomUUID(),
    name: request.name,
    prefix: key.slice(0, KEY_PREFIX.length + 6),
    keyHash: await hashSubject(key),
    scopes: [...new Set(request.scopes)],
    createdBy: staff.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + request.expiresInDays * DAY_MS),
    revokedAt: null,
    lastUsedAt: null,
  };
  await deps.db.batch([
    deps.db.insert(apiKeys).values(row),
    securityLogInsert(
      deps.db,
      {
        action: 'api_key_created',
        actor: staffActor(staff),
        entityType: 'api_key',
        entityId: row.id,
        details: { scopes: row.scopes.join(','), expiresInDays: request.expiresInDays },
      },
      now,
    ),
  ]);
  return { key, apiKey: view({ ...row, createdByEmail: staff.email }) };
}

export async function revokeApiKey(deps: Deps, staff: StaffIdentity, keyId: string) {
  const now = deps.clock.now();
  const [row] = await deps.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
  if (!row) throw new ApiError(404, 'not_found', 'There is no API key with this id.');
  if (row.revokedAt) return;
  await deps.db.batch([
    deps.db.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, keyId)),
    securityLogInsert(
      deps.db,
      {
        action: 'api_key_revoked',
        actor: staffActor(staff),
        entityType: 'api_key',
        entityId: keyId,
      },
      now,
    ),
  ]);
}

const unauthorized = () =>
  new ApiError(
    401,
    'unauthorized',
    'Send a valid, unexpired API key as "Authorization: Bearer <key>".',
  );

/**
 * The key of a request's Authorization header, checked: 401 unless it is a current key, 403
 * without the scope, 429 over the limit; each use logged. Staff cookies mean nothing here.
 */
export async function authenticateApiKey(
  deps: Deps,
  authorization: string | undefined,
  scope: ApiKeyScope,
  route: string,
): Promise<ApiKeyIdentity> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match || !match[1]!.startsWith(KEY_PREFIX)) throw unauthorized();
  const now = deps.clock.now();
  const [found] = await selectKeys(deps.db).where(
    eq(apiKeys.keyHash, await hashSubject(match[1]!)),
  );
  const key = found?.key;
  if (!key || key.revokedAt || key.expiresAt <= now) throw unauthorized();
  const limited = await consume(deps.db, API_KEY_RATE_LIMIT, key.id, now);
  if (!limited.allowed) {
    throw new RateLimitedError(
      'rate_limited',
      'This API key made too many requests; wait a minute.',
      limited.retryAfterSeconds,
    );
  }
  const allowed = key.scopes.includes(scope);
  await deps.db.batch([
    deps.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id)),
    securityLogInsert(
      deps.db,
      {
        action: allowed ? 'api_key_used' : 'api_key_refused',
        actor: staffActor({ id: key.createdBy }),
        entityType: 'api_key',
        entityId: key.id,
        details: { scope, route },
      },
      now,
    ),
  ]);
  if (!allowed) {
    throw new ApiError(403, 'forbidden', `This API key may not do this: it needs "${scope}".`);
  }
  return {
    id: key.id,
    name: key.name,
    staff: { id: key.createdBy, email: `API key "${key.name}"` },
  };
}
