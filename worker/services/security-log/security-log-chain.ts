// The security log's hash chain (decision 109). Entries are written by every feature inside its
// own batch (securityLogInsert), where no hash of the entry before can be computed: SQLite has
// no SHA-256 and the batch is built before it runs. So one sealer links them afterwards, in the
// order the database wrote them (rowid): it reads the last link, hashes each new entry with it
// and inserts the links in one batch. Two sealers at once both claim the next seq; the unique
// seq makes one batch fail whole, and that sealer reads again and retries. Sealing runs with
// every maintenance run (ten minutes), before each daily digest and before every verify.
import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { securityEvents, securityLogChain } from '../../../schema/db.ts';
import type { Database } from '../../db.ts';

/** The genesis link's hash, written by migration 0030 (sha256 of 'portal security log genesis'). */
export const GENESIS_HASH = 'cc295b3bf0893a1e183714b4b2a9d2ca1043af8b0f55bb9d5585e6b34804b312';

const SEAL_BATCH = 500;
const SEAL_TRIES = 5;
/** Rows per INSERT statement, well inside any driver's limit on bound values. */
const INSERT_ROWS = 50;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
/**
 * The routine sealer looks back this far before the last sealed entry's time for entries not
 * yet sealed (a request's time is taken before its batch commits); a full pass (verify) looks
 * at every entry.
 */
const ROUTINE_LOOKBACK_MS = 24 * 60 * 60_000;

type Event = typeof securityEvents.$inferSelect;

function sortedDetails(details: Event['details']): [string, unknown][] | null {
  if (!details) return null;
  return Object.keys(details)
    .sort()
    .map((key) => [key, details[key]]);
}

/** SHA-256 (hex) of the previous hash, the seq and the entry's every column, in a fixed order. */
export async function linkHash(prevHash: string, seq: number, event: Event): Promise<string> {
  const canonical = JSON.stringify([
    prevHash,
    seq,
    event.id,
    event.createdAt.getTime(),
    event.action,
    event.actorType,
    event.actorId,
    event.entityType,
    event.entityId,
    event.submissionId,
    sortedDetails(event.details),
  ]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export type ChainHead = { seq: number; hash: string; sealedAt: Date };

export async function chainHead(db: Database): Promise<ChainHead> {
  const [head] = await db
    .select({
      seq: securityLogChain.seq,
      hash: securityLogChain.hash,
      sealedAt: securityLogChain.sealedAt,
    })
    .from(securityLogChain)
    .orderBy(desc(securityLogChain.seq))
    .limit(1);
  if (!head) throw new Error('The security log chain has no genesis link: run the migrations.');
  return head;
}

async function unsealed(db: Database, everything: boolean): Promise<Event[]> {
  let since: Date | null = null;
  if (!everything) {
    const [last] = await db
      .select({ createdAt: securityEvents.createdAt })
      .from(securityLogChain)
      .innerJoin(securityEvents, eq(securityEvents.id, securityLogChain.eventId))
      .orderBy(desc(securityLogChain.seq))
      .limit(1);
    if (last) since = new Date(last.createdAt.getTime() - ROUTINE_LOOKBACK_MS);
  }
  const rows = await db
    .select({ event: securityEvents })
    .from(securityEvents)
    .leftJoin(securityLogChain, eq(securityLogChain.eventId, securityEvents.id))
    .where(
      and(isNull(securityLogChain.seq), since ? gte(securityEvents.createdAt, since) : undefined),
    )
    .orderBy(asc(sql`${securityEvents}.rowid`))
    .limit(SEAL_BATCH);
  return rows.map((r) => r.event);
}

async function sealOnce(db: Database, now: Date, everything: boolean): Promise<number> {
  const pending = await unsealed(db, everything);
  if (pending.length === 0) return 0;
  const head = await chainHead(db);
  let { seq, hash } = head;
  const links: (typeof securityLogChain.$inferInsert)[] = [];
  for (const event of pending) {
    seq += 1;
    const next = await linkHash(hash, seq, event);
    links.push({ seq, eventId: event.id, prevHash: hash, hash: next, sealedAt: now });
    hash = next;
  }
  // One batch (one transaction): a lost race leaves no link behind.
  const [first, ...rest] = chunks(links, INSERT_ROWS).map((part) =>
    db.insert(securityLogChain).values(part),
  );
  await db.batch([first!, ...rest]);
  return links.length;
}

/**
 * A routine run links at most this many batches, so a scheduled run on Workers stays within
 * its calls (a backlog, such as the entries from before the chain, drains over a few runs).
 */
const ROUTINE_BATCHES = 4;

/** Links the entries not yet in the chain (every one with everything); how many were sealed. */
export async function sealSecurityLog(
  db: Database,
  now: Date,
  options: { everything?: boolean } = {},
): Promise<number> {
  const everything = options.everything ?? false;
  let sealed = 0;
  let failures = 0;
  for (let batches = 1; ; batches++) {
    try {
      const count = await sealOnce(db, now, everything);
      sealed += count;
      if (count < SEAL_BATCH || (!everything && batches >= ROUTINE_BATCHES)) return sealed;
    } catch (error) {
      // Another sealer took the next seq (or sealed the same entry) first: read again.
      failures += 1;
      if (failures >= SEAL_TRIES) throw error;
    }
  }
}
