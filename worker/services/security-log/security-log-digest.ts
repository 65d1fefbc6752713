// The security log's daily digest (decision 109): the chain's entry count and last hash, sent
// once a day (UTC) out of DATA_DIR — mailed to STAFF_NOTIFY_EMAIL and/or written to
// SECURITY_LOG_DIGEST_DIR (Node) — so that a history rewritten whole, every hash recomputed by
// someone holding the database, no longer matches what left the server before.
import { and, eq, gte } from 'drizzle-orm';
import { securityEvents } from '../../../schema/db.ts';
import type { Deps } from '../../deps.ts';
import { securityLogDigestMail } from '../../mail/staff-mail.ts';
import { deliverAll, outboxInsert } from '../notices/mail-outbox.ts';
import { securityLogInsert } from './security-log.ts';
import { chainHead, sealSecurityLog } from './security-log-chain.ts';

const DIGEST_ACTION = 'security_log_digest_sent';

export function digestText(day: string, entries: number, hash: string, at: Date): string {
  return [
    `On ${day} at ${at.toISOString().slice(11, 16)} UTC the portal's security log held ${entries} sealed entries; the last one's hash is ${hash}.`,
    `Keep this digest away from the server. To see that nobody has rewritten the log up to this entry since, run on the server: npm run admin -- security-log verify --digest ${entries}:${hash}`,
  ].join('\n\n');
}

/** Seals, then sends today's digest unless it went already; true when sent now. */
export async function sendSecurityLogDigest(deps: Deps): Promise<boolean> {
  const { db, config } = deps;
  const sink = deps.securityLogDigestFile;
  if (!config.staffNotifyEmail && !sink) return false;
  const now = deps.clock.now();
  const day = now.toISOString().slice(0, 10);
  const [sent] = await db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(
      and(
        gte(securityEvents.createdAt, new Date(`${day}T00:00:00Z`)),
        eq(securityEvents.action, DIGEST_ACTION),
        eq(securityEvents.entityId, day),
      ),
    )
    .limit(1);
  if (sent) return false;
  await sealSecurityLog(db, now);
  const head = await chainHead(db);
  const text = digestText(day, head.seq, head.hash, now);
  if (sink) await sink(`security-log-digest-${day}.txt`, `${text}\n`);
  const mail = config.staffNotifyEmail
    ? outboxInsert(
        db,
        securityLogDigestMail(config, config.staffNotifyEmail, { day, text, entries: head.seq }),
        now,
      )
    : null;
  const logged = securityLogInsert(
    db,
    {
      action: DIGEST_ACTION,
      actor: { type: 'server' },
      entityType: 'security_log',
      entityId: day,
      details: {
        entries: head.seq,
        hash: head.hash,
        mailed: mail !== null,
        filed: sink !== undefined,
      },
    },
    now,
  );
  if (mail) await db.batch([mail.query, logged]);
  else await logged;
  if (mail) await deliverAll(deps, [mail.id]);
  return true;
}
