// npm run admin -- security-log verify [--digest N:HASH]: checks the security log's hash chain
// (decision 109) on the same DATA_DIR / DATABASE_URL wiring as the server. Exit 0 when every
// link holds (and matches the digest, when one is given), 1 naming each broken entry.
import { parseArgs } from 'node:util';
import { openEmbedded, silentLogger } from '../embedded.ts';
import { securityLogInsert } from '../services/security-log/security-log.ts';
import {
  type DigestClaim,
  verifySecurityLog,
} from '../services/security-log/security-log-verify.ts';

export const SECURITY_LOG_USAGE = `  security-log verify [--digest N:HASH]
                            check the security log's hash chain; with --digest, also
                            that entry N still has the HASH a daily digest reported`;

function digestClaim(value: string | undefined): DigestClaim | undefined | string {
  if (value === undefined) return undefined;
  const match = value.trim().match(/^(\d+):([0-9a-f]{64})$/i);
  if (!match) return 'The digest must read N:HASH, as in the daily digest (e.g. 1520:9f86d0…).';
  return { entries: Number(match[1]), hash: match[2]!.toLowerCase() };
}

export async function runSecurityLogCommand(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { digest: { type: 'string' } },
  });
  if (positionals[1] !== 'verify') {
    console.error(`Unknown security-log command.\n\nUsage:\n${SECURITY_LOG_USAGE}`);
    return 1;
  }
  const digest = digestClaim(values.digest);
  if (typeof digest === 'string') {
    console.error(digest);
    return 1;
  }
  const embedded = await openEmbedded({ logger: silentLogger });
  const { db, clock } = embedded.deps;
  try {
    const verdict = await verifySecurityLog(db, clock.now(), digest);
    const intact = verdict.problemCount === 0;
    await securityLogInsert(
      db,
      {
        action: 'security_log_verified',
        actor: { type: 'cli' },
        entityType: 'security_log',
        entityId: 'chain',
        details: { entries: verdict.entries, intact, digestGiven: digest !== undefined },
      },
      clock.now(),
    );
    if (intact) {
      console.log(
        `The security log is intact: ${verdict.entries} entries, last hash ${verdict.lastHash}` +
          (verdict.newlySealed ? ` (${verdict.newlySealed} sealed just now).` : '.'),
      );
      if (digest) console.log(`Entry ${digest.entries} matches the digest.`);
      if (verdict.unlinked) console.log(`${verdict.unlinked} entries arrived while checking.`);
      return 0;
    }
    console.error(
      `The security log has been tampered with: ${verdict.problemCount} broken link(s) in ${verdict.entries} entries.`,
    );
    for (const p of verdict.problems) {
      console.error(`Entry ${p.seq}${p.eventId ? ` (id ${p.eventId})` : ''} ${p.problem}.`);
    }
    if (verdict.problemCount > verdict.problems.length) {
      console.error(`… and ${verdict.problemCount - verdict.problems.length} more.`);
    }
    return 1;
  } finally {
    embedded.close();
  }
}
