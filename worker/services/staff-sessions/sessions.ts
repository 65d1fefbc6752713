// Server-side staff sessions. The cookie carries a random 256-bit id; the database keeps only
// its SHA-256. A session ends after SESSION_IDLE_MS without a request or SESSION_ABSOLUTE_MS
// after sign-in, whichever comes first: two hours idle covers a long review without leaving
// an unattended office computer signed in, and twelve hours is one working day.
import { eq, lt, or } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sessions, staffUsers } from '../../../schema/db.ts';
import { hashSecret, randomSecret } from '../../crypto/secret-tokens.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';

const SESSION_COOKIE = 'portal_session';
export const SESSION_IDLE_MS = 2 * 60 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const SESSION_TOUCH_INTERVAL_MS = 60_000;

export type StaffIdentity = { id: string; email: string };
type ActiveSession = { idHash: string; staff: StaffIdentity };

export function cookieIsSecure(deps: Deps, c: Context): boolean {
  return deps.config.publicOrigin.startsWith('https:') || new URL(c.req.url).protocol === 'https:';
}

/** Starts a session for the account and sets its cookie; any session the request carried ends. */
export async function startSession(deps: Deps, c: Context, staffUserId: string): Promise<void> {
  const previous = getCookie(c, SESSION_COOKIE);
  const id = randomSecret();
  const now = deps.clock.now();
  const insert = deps.db.insert(sessions).values({
    idHash: await hashSecret(id),
    staffUserId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  if (previous) {
    await deps.db.batch([
      deps.db.delete(sessions).where(eq(sessions.idHash, await hashSecret(previous))),
      insert,
    ]);
  } else {
    await insert;
  }
  setCookie(c, SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: cookieIsSecure(deps, c),
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

/** The signed-in staff member of the request, or null; refreshes lastSeenAt now and then. */
export async function currentSession(deps: Deps, c: Context): Promise<ActiveSession | null> {
  const id = getCookie(c, SESSION_COOKIE);
  if (!id || id.length > 100) return null;
  const idHash = await hashSecret(id);
  const [row] = await deps.db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      staffId: staffUsers.id,
      email: staffUsers.email,
      disabled: staffUsers.disabled,
    })
    .from(sessions)
    .innerJoin(staffUsers, eq(staffUsers.id, sessions.staffUserId))
    .where(eq(sessions.idHash, idHash));
  if (!row) return null;
  const now = deps.clock.now().getTime();
  const expired =
    now >= row.expiresAt.getTime() || now - row.lastSeenAt.getTime() >= SESSION_IDLE_MS;
  if (expired || row.disabled) {
    await deps.db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now - row.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, idHash));
  }
  return { idHash, staff: { id: row.staffId, email: row.email } };
}

/** Ends the request's session, if any, and clears the cookie. */
export async function endSession(deps: Deps, c: Context): Promise<void> {
  const id = getCookie(c, SESSION_COOKIE);
  if (id) await deps.db.delete(sessions).where(eq(sessions.idHash, await hashSecret(id)));
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: cookieIsSecure(deps, c) });
}

/** Removes sessions past their absolute or idle expiry (run periodically). */
export async function pruneExpiredSessions(db: Database, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    );
}
