// The tables of the service's own machinery, independent of the domain: rate-limit counters,
// the mail outbox and stored idempotent answers. Re-exported by db.ts, which drizzle-kit reads.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

// Fixed-window counters, kept in the database so limits hold across processes and isolates.
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.subject, t.windowStart] })],
);

export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The HTML alternative, when the message has one; blanked with the text once finished. */
    html: text('html'),
    createdAt: timestamp('created_at').notNull(),
    sentAt: timestamp('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sentAt, t.createdAt)],
);

// A retried POST with the same Idempotency-Key returns the stored first answer.
export const idempotencyKeys = sqliteTable('idempotency_keys', {
  key: text('key').primaryKey(),
  scope: text('scope').notNull(),
  requestHash: text('request_hash').notNull(),
  responseStatus: integer('response_status').notNull(),
  responseBody: text('response_body').notNull(),
  createdAt: timestamp('created_at').notNull().default(sql`(unixepoch() * 1000)`),
});

// Stored objects whose rows are gone but whose bytes may not be: written in the same
// transaction as the rows' deletion, removed once the store confirms the delete, retried by
// maintenance until then (a failed delete must not leave an ID copy behind for good).
export const pendingObjectDeletions = sqliteTable('pending_object_deletions', {
  objectKey: text('object_key').primaryKey(),
  createdAt: timestamp('created_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
});
