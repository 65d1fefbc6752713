// Sending the webhook outbox (decision 122): at least once, signed per Standard Webhooks with
// the event's id as webhook-id on every attempt, each attempt with a time limit, retried with
// backoff for up to three days from the event. A delivery is claimed before it is sent, so two
// runs at once do not both send it. An endpoint that keeps failing is paused and staff mailed.
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  mailOutbox,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../../schema/db.ts';
import type { Deps } from '../../deps.ts';
import { webhookPausedMail } from '../../mail/staff-mail.ts';
import { safeError } from '../../safe-error.ts';
import { deliverAll } from '../notices/mail-outbox.ts';
import { workLeft } from '../work-budget/work-budget.ts';
import { webhookUrlProblem } from './webhook-addresses.ts';
import { openWebhookSecret, webhookHeaders } from './webhook-signature.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Each attempt's time limit: the receiver answers first and does its work after. */
export const WEBHOOK_TIMEOUT_MS = 15 * SECOND;
/** The wait after the nth failed attempt; the last one repeats. */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];
/** A delivery still failing this long after its event is given up. */
export const RETRY_FOR_MS = 72 * HOUR;
/** Failed attempts in a row (any deliveries) that pause an endpoint before three days pass. */
export const PAUSE_AFTER_FAILURES = 50;
/** Due deliveries one run looks at, oldest due first. */
const RUN_BATCH = 100;

export function retryDelay(failedAttempts: number): number {
  return RETRY_DELAYS_MS[Math.min(failedAttempts, RETRY_DELAYS_MS.length) - 1]!;
}

type Due = {
  id: string;
  attempts: number;
  nextAttemptAt: Date | null;
  eventId: string;
  payload: string;
  eventCreatedAt: Date;
  endpointId: string;
  url: string;
  description: string;
  secret: string;
};

function selectDue(deps: Deps) {
  return deps.db
    .select({
      id: webhookDeliveries.id,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      eventId: webhookEvents.id,
      payload: webhookEvents.payload,
      eventCreatedAt: webhookEvents.createdAt,
      endpointId: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      secret: webhookEndpoints.secret,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId));
}

/** Sends every due delivery of endpoints neither paused nor revoked, within the run's budget. */
export async function deliverDueWebhooks(deps: Deps): Promise<number> {
  const due = await selectDue(deps)
    .where(
      and(
        lte(webhookDeliveries.nextAttemptAt, deps.clock.now()),
        isNull(webhookEndpoints.pausedAt),
        isNull(webhookEndpoints.revokedAt),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(RUN_BATCH);
  let delivered = 0;
  for (const delivery of due) {
    if (!workLeft(deps)) break;
    try {
      if (await attemptDelivery(deps, delivery)) delivered++;
    } catch (error) {
      deps.logger.error('webhook delivery could not be recorded', {
        deliveryId: delivery.id,
        ...safeError(error),
      });
    }
  }
  return delivered;
}

/** Sends one delivery now, whatever its schedule (a replay). */
export async function deliverNow(deps: Deps, deliveryId: string): Promise<void> {
  const [delivery] = await selectDue(deps).where(eq(webhookDeliveries.id, deliveryId));
  if (delivery) await attemptDelivery(deps, delivery);
}

/** One attempt; true when the receiver answered 2xx. */
async function attemptDelivery(deps: Deps, delivery: Due): Promise<boolean> {
  const { db } = deps;
  const now = deps.clock.now();
  // The claim: only the run that moves nextAttemptAt from what it read sends this attempt.
  const claimed = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + 2 * WEBHOOK_TIMEOUT_MS) })
    .where(
      and(
        eq(webhookDeliveries.id, delivery.id),
        delivery.nextAttemptAt
          ? eq(webhookDeliveries.nextAttemptAt, delivery.nextAttemptAt)
          : isNull(webhookDeliveries.nextAttemptAt),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (claimed.length === 0) return false;

  let status: number | null = null;
  let failure: string | null = null;
  try {
    failure = await webhookUrlProblem(deps, delivery.url);
    const secret = await openWebhookSecret(deps.signingKey, delivery.secret, delivery.endpointId);
    if (!secret)
      failure ??=
        'The signing secret cannot be read (the server’s SIGNING_SECRET changed); make a new secret.';
    if (!failure && secret) {
      const headers = await webhookHeaders(secret, delivery.eventId, now, delivery.payload);
      status = await deps.webhooks.post(delivery.url, {
        headers,
        body: delivery.payload,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
      });
      if (status < 200 || status > 299) failure = `The receiver answered ${status}.`;
    }
  } catch (error) {
    failure =
      error instanceof Error && error.name === 'TimeoutError'
        ? `No answer within ${WEBHOOK_TIMEOUT_MS / SECOND} seconds.`
        : 'The receiver could not be reached.';
  }
  const attempts = delivery.attempts + 1;
  const attempt = { attempts, lastAttemptAt: now, lastStatus: status, lastError: failure };
  if (!failure) {
    await db.batch([
      db
        .update(webhookDeliveries)
        .set({ ...attempt, deliveredAt: now, nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, delivery.id)),
      db
        .update(webhookEndpoints)
        .set({ failuresInRow: 0 })
        .where(eq(webhookEndpoints.id, delivery.endpointId)),
    ]);
    return true;
  }
  await recordFailure(deps, delivery, { ...attempt, lastError: failure }, now);
  return false;
}

async function recordFailure(
  deps: Deps,
  delivery: Due,
  attempt: { attempts: number; lastAttemptAt: Date; lastStatus: number | null; lastError: string },
  now: Date,
): Promise<void> {
  const { db } = deps;
  const next = now.getTime() + retryDelay(attempt.attempts);
  const givenUp = next > delivery.eventCreatedAt.getTime() + RETRY_FOR_MS;
  const failuresInRow = sql`${webhookEndpoints.failuresInRow} + 1`;
  const why = givenUp
    ? 'a delivery kept failing for three days'
    : `${PAUSE_AFTER_FAILURES} attempts in a row failed`;
  const mail = deps.config.staffNotifyEmail
    ? webhookPausedMail(deps.config, deps.config.staffNotifyEmail, delivery, why)
    : null;
  const outboxId = crypto.randomUUID();
  // Paused now: when three days of failing gave this one up, or after too many failures in
  // a row. The mail is written only by the run that pauses it, in the same batch.
  const pausesNow = sql`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.id} = ${delivery.endpointId}
    and ${webhookEndpoints.pausedAt} is null
    and (${givenUp ? 1 : 0} = 1 or ${webhookEndpoints.failuresInRow} + 1 >= ${PAUSE_AFTER_FAILURES}))`;
  await db.batch([
    db.run(sql`insert into ${mailOutbox} (id, "to", subject, text, html, created_at, attempts)
      select ${outboxId}, ${mail?.to ?? ''}, ${mail?.subject ?? ''}, ${mail?.text ?? ''},
        ${mail?.html ?? null}, ${now.getTime()}, 0
      where ${mail ? 1 : 0} = 1 and ${pausesNow}`),
    db
      .update(webhookEndpoints)
      .set({ pausedAt: now })
      .where(and(eq(webhookEndpoints.id, delivery.endpointId), pausesNow)),
    db
      .update(webhookEndpoints)
      .set({ failuresInRow })
      .where(eq(webhookEndpoints.id, delivery.endpointId)),
    db
      .update(webhookDeliveries)
      .set({
        ...attempt,
        nextAttemptAt: givenUp ? null : new Date(next),
        abandonedAt: givenUp ? now : null,
      })
      .where(eq(webhookDeliveries.id, delivery.id)),
  ]);
  deps.logger.error('webhook delivery failed', {
    deliveryId: delivery.id,
    attempts: attempt.attempts,
    status: attempt.lastStatus,
  });
  if (mail) await deliverAll(deps, [outboxId]);
}
