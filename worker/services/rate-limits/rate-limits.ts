// Fixed-window rate limits counted in the database, so they hold across processes and
// Worker isolates. Subjects (client addresses, e-mails) are stored only as SHA-256 hashes.
import { and, eq, lt, sql } from 'drizzle-orm';
import { rateLimits } from '../../../schema/db.ts';
import type { Database } from '../../db.ts';

export type RateLimit = { bucket: string; limit: number; windowMs: number };

export const LOOKUP_WINDOW_MS = 15 * 60_000;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins per account; cleared by a password reset (decision 069). */
export const LOGIN_ACCOUNT_BUCKET = 'login-account';
export const UPLOAD_WINDOW_MS = 60 * 60_000;
export const SUBMIT_WINDOW_MS = 60 * 60_000;

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

export async function hashSubject(subject: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(subject));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

function windowOf(rule: RateLimit, now: Date) {
  const windowStart = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart + rule.windowMs - now.getTime()) / 1000),
  );
  return { windowStart, retryAfterSeconds };
}

/**
 * The counting statement (not run: a builder, so it can go into a batch with a caller's reads);
 * countResult reads its rows.
 */
export function countQuery(db: Database, rule: RateLimit, hashedSubject: string, now: Date) {
  const { windowStart } = windowOf(rule, now);
  return db
    .insert(rateLimits)
    .values({ bucket: rule.bucket, subject: hashedSubject, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.subject, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
}

export function countResult(
  rule: RateLimit,
  now: Date,
  rows: { count: number }[],
): RateLimitResult {
  const count = rows[0]?.count ?? 1;
  return {
    allowed: count <= rule.limit,
    count,
    retryAfterSeconds: windowOf(rule, now).retryAfterSeconds,
  };
}

/** Counts one attempt and says whether it is within the limit (the limit+1st is not). */
export async function consume(
  db: Database,
  rule: RateLimit,
  subject: string,
  now: Date,
): Promise<RateLimitResult> {
  return countResult(rule, now, await countQuery(db, rule, await hashSubject(subject), now));
}

/**
 * Counts one attempt against two limits in one transaction. Counted apart, simultaneous
 * attempts could interleave so that each passes one limit and fails the other, and all were
 * refused though fewer than the limit had been checked.
 */
export async function consumeBoth(
  db: Database,
  first: [RateLimit, string],
  second: [RateLimit, string],
  now: Date,
): Promise<[RateLimitResult, RateLimitResult]> {
  const [a, b] = await db.batch([
    countQuery(db, first[0], await hashSubject(first[1]), now),
    countQuery(db, second[0], await hashSubject(second[1]), now),
  ]);
  return [countResult(first[0], now, a), countResult(second[0], now, b)];
}

/** Takes back one attempt counted by consume (a sign-in that turned out to be right). */
export async function release(
  db: Database,
  rule: RateLimit,
  subject: string,
  now: Date,
): Promise<void> {
  const { windowStart } = windowOf(rule, now);
  await db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(
      and(
        eq(rateLimits.bucket, rule.bucket),
        eq(rateLimits.subject, await hashSubject(subject)),
        eq(rateLimits.windowStart, windowStart),
      ),
    );
}

/** Removes counters of windows that have ended (run periodically). */
export async function pruneRateLimits(
  db: Database,
  now: Date,
  longestWindowMs = UPLOAD_WINDOW_MS,
): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, now.getTime() - longestWindowMs));
}

/** Forgets the failed sign-ins counted against an account (its password was just reset). */
export async function clearAccountLoginFailures(db: Database, email: string): Promise<void> {
  await db
    .delete(rateLimits)
    .where(
      and(
        eq(rateLimits.bucket, LOGIN_ACCOUNT_BUCKET),
        eq(rateLimits.subject, await hashSubject(email)),
      ),
    );
}
