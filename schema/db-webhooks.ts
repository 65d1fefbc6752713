// Webhooks for the bureau's billing system (issue 40, decision 122). Staff keep endpoints; an
// event is written to webhook_events in the SAME batch as what caused it, with one delivery row
// per endpoint that had chosen it: the outbox. The scheduled run sends the deliveries, signed
// per Standard Webhooks, retries them with backoff for up to three days and pauses an endpoint
// that keeps failing. Endpoints are revoked, never deleted, so the log keeps its meaning.
// Re-exported by db.ts.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    url: text('url').notNull(),
    description: text('description').notNull(),
    /** The event types chosen, e.g. ["enrolment.status_changed"]. */
    events: text('events', { mode: 'json' }).$type<string[]>().notNull(),
    /**
     * The signing secret (`whsec_` and base64, Standard Webhooks), sealed under the server's
     * signing secret like staff MFA secrets (decision 070): every delivery is signed with it, so
     * it is kept, but a copy of the database alone does not give it. Shown to staff once.
     */
    secret: text('secret').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at').notNull(),
    revokedAt: timestamp('revoked_at'),
    /** Set when deliveries kept failing; staff resume it (new deliveries wait meanwhile). */
    pausedAt: timestamp('paused_at'),
    /** Failed attempts in a row, reset by any success. */
    failuresInRow: integer('failures_in_row').notNull().default(0),
  },
  (t) => [index('webhook_endpoints_created_idx').on(t.createdAt)],
);

/** One event, its payload as sent (what billing needs and no more: ids, names, statuses). */
export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    /** Also the webhook-id header of every delivery of it (msg_…), the receiver's dedup key. */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /**
     * The application it is about (no foreign key: the deletion event outlives it). Deleting an
     * application deletes its earlier events, names and all, in the cascade's batch.
     */
    submissionId: text('submission_id').notNull(),
    /** The whole body: {"type","timestamp","data"}. */
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    index('webhook_events_created_idx').on(t.createdAt),
    index('webhook_events_submission_idx').on(t.submissionId),
  ],
);

/** One event to one endpoint; attempts and the last answer are the delivery log. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    /** When it is next due; null once delivered or given up. */
    nextAttemptAt: timestamp('next_attempt_at'),
    lastAttemptAt: timestamp('last_attempt_at'),
    /** The receiver's HTTP status of the last attempt; null when none came (timeout, refused). */
    lastStatus: integer('last_status'),
    /** Why the last attempt failed, in words (no response bodies are kept). */
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at'),
    /** Given up after three days of retries. */
    abandonedAt: timestamp('abandoned_at'),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);
