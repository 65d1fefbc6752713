// `security-log verify` (decision 109): seals what is not sealed yet, then walks the chain from
// its genesis and recomputes every link. A row changed in security_events, a row removed, a
// link removed or reordered: each breaks the chain at that entry, and the verdict names it.
// A history rewritten whole (every hash recomputed by someone who can write the database) is
// consistent in itself: the daily digest kept outside DATA_DIR catches it (`--digest`).
import { asc, eq, gt, sql } from 'drizzle-orm';
import { securityEvents, securityLogChain } from '../../../schema/db.ts';
import type { Database } from '../../db.ts';
import { GENESIS_HASH, linkHash, sealSecurityLog } from './security-log-chain.ts';

const PAGE = 1000;
/** Problems named in full; beyond that only counted. */
const NAMED_PROBLEMS = 20;

export type ChainProblem = { seq: number; eventId: string | null; problem: string };

export type ChainVerdict = {
  /** Links after the genesis, i.e. entries vouched for. */
  entries: number;
  lastHash: string;
  newlySealed: number;
  /** Entries in the log that are in no link (written while verify ran, or slipped in). */
  unlinked: number;
  problems: ChainProblem[];
  problemCount: number;
};

/** A digest as the daily message gives it: the entry count and the last hash. */
export type DigestClaim = { entries: number; hash: string };

function describeEntry(event: typeof securityEvents.$inferSelect): string {
  return `${event.action} on ${event.entityType} ${event.entityId} at ${event.createdAt.toISOString()}`;
}

export async function verifySecurityLog(
  db: Database,
  now: Date,
  digest?: DigestClaim,
): Promise<ChainVerdict> {
  const newlySealed = await sealSecurityLog(db, now, { everything: true });
  const problems: ChainProblem[] = [];
  let problemCount = 0;
  const report = (problem: ChainProblem) => {
    problemCount += 1;
    if (problems.length < NAMED_PROBLEMS) problems.push(problem);
  };
  let expectedSeq = 0;
  let prevHash = '';
  let digestSeen = false;
  for (;;) {
    const page = await db
      .select({ link: securityLogChain, event: securityEvents })
      .from(securityLogChain)
      .leftJoin(securityEvents, eq(securityEvents.id, securityLogChain.eventId))
      .where(gt(securityLogChain.seq, expectedSeq - 1))
      .orderBy(asc(securityLogChain.seq))
      .limit(PAGE);
    for (const { link, event } of page) {
      const at = { seq: link.seq, eventId: link.eventId };
      if (link.seq !== expectedSeq) {
        report({ ...at, problem: `links ${expectedSeq}–${link.seq - 1} are missing` });
      }
      if (link.prevHash !== prevHash) {
        report({
          ...at,
          problem: 'does not follow the link before it (its previous hash differs)',
        });
      }
      if (link.seq === 0) {
        if (link.hash !== GENESIS_HASH || link.eventId !== null) {
          report({ ...at, problem: 'the genesis link is not the one the migration wrote' });
        }
      } else if (!event) {
        report({ ...at, problem: 'was removed from the log' });
      } else if ((await linkHash(link.prevHash, link.seq, event)) !== link.hash) {
        report({
          ...at,
          problem: `was changed after it was sealed (now reads: ${describeEntry(event)})`,
        });
      }
      if (digest && link.seq === digest.entries) {
        digestSeen = true;
        if (link.hash !== digest.hash) {
          report({ ...at, problem: 'differs from the digest: the history up to it was rewritten' });
        }
      }
      prevHash = link.hash;
      expectedSeq = link.seq + 1;
    }
    if (page.length < PAGE) break;
  }
  if (digest && !digestSeen) {
    report({
      seq: digest.entries,
      eventId: null,
      problem: `the digest names entry ${digest.entries}, but the chain ends before it`,
    });
  }
  const [unlinked] = await db
    .select({ count: sql<number>`count(*)` })
    .from(securityEvents)
    .leftJoin(securityLogChain, eq(securityLogChain.eventId, securityEvents.id))
    .where(sql`${securityLogChain.seq} is null`);
  return {
    entries: Math.max(expectedSeq - 1, 0),
    lastHash: prevHash,
    newlySealed,
    unlinked: unlinked?.count ?? 0,
    problems,
    problemCount,
  };
}
