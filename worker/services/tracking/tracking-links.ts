// 'I lost my tracking link': the tracking links of every application made with an e-mail
// address (the submissions' own contact e-mail) are mailed to that address. The answer never
// says whether the address is known: it is the same, and given before anything is looked up
// (the look-up and the mail happen in the returned work). Limited per client and per address;
// the address limit is counted for unknown addresses too, so a 429 reveals nothing either.
import { desc, eq } from 'drizzle-orm';
import { submissions } from '../../../schema/db.ts';
import type { Deps } from '../../deps.ts';
import { trackingLinksMail } from '../../mail/practitioner-mail.ts';
import { safeError } from '../../safe-error.ts';
import { deliverAll, outboxInsert } from '../notices/mail-outbox.ts';
import { consume, LOOKUP_WINDOW_MS } from '../rate-limits/rate-limits.ts';

/** Mails per address per window: enough for a lost first mail, not a mail bomb. */
export const TRACKING_LINK_MAILS_PER_ADDRESS = 3;
/** At most this many applications (the newest) are listed in one mail. */
const MAX_LINKS = 20;

type TrackingLinksResult =
  /**
   * start: the look-up and the mail, begun by the caller once its answer is made. Up to then
   * a known and an unknown address have had exactly the same work (the two counters), so the
   * answer cannot tell them apart by its time either.
   */
  | { outcome: 'accepted'; start: () => Promise<void> }
  | { outcome: 'limited'; retryAfterSeconds: number };

async function mailLinks(deps: Deps, address: string): Promise<void> {
  const now = deps.clock.now();
  const applications = await deps.db
    .select({
      lastName: submissions.lastName,
      trackingToken: submissions.trackingToken,
      createdAt: submissions.createdAt,
      practiceType: submissions.practiceType,
    })
    .from(submissions)
    .where(eq(submissions.email, address))
    .orderBy(desc(submissions.createdAt))
    .limit(MAX_LINKS);
  if (applications.length === 0) return;
  const mail = outboxInsert(deps.db, trackingLinksMail(deps.config, address, applications), now);
  await mail.query;
  await deliverAll(deps, [mail.id]);
}

export async function requestTrackingLinks(
  deps: Deps,
  email: string,
  clientAddress: string,
): Promise<TrackingLinksResult> {
  const now = deps.clock.now();
  const address = email.trim().toLowerCase();
  for (const [bucket, limit, subject] of [
    ['tracking-links-client', deps.config.lookupRateLimit, clientAddress],
    ['tracking-links-address', TRACKING_LINK_MAILS_PER_ADDRESS, address],
  ] as const) {
    const result = await consume(
      deps.db,
      { bucket, limit, windowMs: LOOKUP_WINDOW_MS },
      subject,
      now,
    );
    if (!result.allowed) return { outcome: 'limited', retryAfterSeconds: result.retryAfterSeconds };
  }
  const start = () =>
    mailLinks(deps, address).catch((error: unknown) => {
      deps.logger.error('tracking links not mailed', safeError(error));
    });
  return { outcome: 'accepted', start };
}
