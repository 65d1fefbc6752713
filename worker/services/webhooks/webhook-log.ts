// The delivery log staff read (decision 122): each delivery with its attempts and the
// receiver's last answer, newest first; a replay sends the event again, same webhook-id, as a
// delivery of its own sent at once; and the outbox's housekeeping.
import { and, desc, eq, isNotNull, lt, notExists, type SQL } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../schema/db.ts';
import type { WebhookDeliveryView, WebhookEventType } from '../../../schema/webhooks-api.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { securityLogInsert, staffActor } from '../security-log/security-log.ts';
import type { StaffIdentity } from '../staff-sessions/sessions.ts';
import { deliverNow } from './webhook-delivery.ts';

/** The log's page: the newest deliveries. */
const LOG_SIZE = 100;
/** Events whose deliveries are all finished are kept this long (for replays), then removed. */
export const WEBHOOK_EVENT_RETENTION_MS = 30 * 24 * 60 * 60_000;

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function selectDeliveries(db: Database, where: SQL | undefined) {
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      eventType: webhookEvents.type,
      endpointUrl: webhookEndpoints.url,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(LOG_SIZE);
  return rows.map(
    ({ delivery: d, eventType, endpointUrl }): WebhookDeliveryView => ({
      id: d.id,
      webhookId: d.eventId,
      eventType: eventType as WebhookEventType,
      endpointId: d.endpointId,
      endpointUrl,
      attempts: d.attempts,
      lastStatus: d.lastStatus,
      lastError: d.lastError,
      lastAttemptAt: iso(d.lastAttemptAt),
      nextAttemptAt: iso(d.nextAttemptAt),
      deliveredAt: iso(d.deliveredAt),
      abandonedAt: iso(d.abandonedAt),
      createdAt: d.createdAt.toISOString(),
    }),
  );
}

export function listWebhookDeliveries(db: Database, endpointId?: string) {
  return selectDeliveries(
    db,
    endpointId ? eq(webhookDeliveries.endpointId, endpointId) : undefined,
  );
}

/**
 * Sends a delivery's event again now, as a new delivery with the same webhook-id (the
 * receiver's dedup key), and answers with it as it stands after the attempt.
 */
export async function replayWebhookDelivery(
  deps: Deps,
  staff: StaffIdentity,
  deliveryId: string,
): Promise<WebhookDeliveryView> {
  const { db } = deps;
  const [original] = await db
    .select({ delivery: webhookDeliveries, revokedAt: webhookEndpoints.revokedAt })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!original) throw new ApiError(404, 'not_found', 'There is no webhook delivery with this id.');
  if (original.revokedAt) {
    throw new ApiError(
      409,
      'endpoint_revoked',
      'This endpoint was revoked; nothing is sent to it.',
    );
  }
  const now = deps.clock.now();
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(webhookDeliveries).values({
      id,
      eventId: original.delivery.eventId,
      endpointId: original.delivery.endpointId,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    }),
    securityLogInsert(
      db,
      {
        action: 'webhook_replayed',
        actor: staffActor(staff),
        entityType: 'webhook_delivery',
        entityId: id,
        details: { replays: deliveryId },
      },
      now,
    ),
  ]);
  await deliverNow(deps, id);
  const [replayed] = await selectDeliveries(db, eq(webhookDeliveries.id, id));
  return replayed!;
}

/** Removes events (and their deliveries) past the retention with nothing left to send. */
export async function pruneWebhookEvents(db: Database, now: Date): Promise<void> {
  await db.delete(webhookEvents).where(
    and(
      lt(webhookEvents.createdAt, new Date(now.getTime() - WEBHOOK_EVENT_RETENTION_MS)),
      notExists(
        db
          .select()
          .from(webhookDeliveries)
          .where(
            and(
              eq(webhookDeliveries.eventId, webhookEvents.id),
              isNotNull(webhookDeliveries.nextAttemptAt),
            ),
          ),
      ),
    ),
  );
}
