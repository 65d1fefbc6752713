// Outgoing mail goes through the mail_outbox table: the message is written in the same
// transaction as whatever caused it, then handed to deps.mailer. A message the transport
// refused stays in the outbox and maintenance retries it; with no transport configured at all
// (Workers without MAIL_API_URL) messages wait there untried. Once delivered (or given up on),
// the body is blanked: it may hold a secret such as a password-reset link.
// Delivery is at-least-once from here (the process may die between the transport's success and
// the sentAt write); each transport turns that into once with the message id (decision 053).
import { and, asc, eq, gte, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { mailOutbox } from '../../../schema/db.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import type { MailMessage } from '../../ports.ts';
import { safeError } from '../../safe-error.ts';
import { workLeft } from '../work-budget/work-budget.ts';

export const MAX_DELIVERY_ATTEMPTS = 6;
/** Finished rows (address, subject, time) are kept this long as a record, then removed. */
export const SENT_MAIL_RETENTION_MS = 30 * 24 * 60 * 60_000;
const DELIVERED_BODY = '(delivered; body removed)';
const ABANDONED_BODY = '(not delivered; body removed)';

/** A message as written into the outbox; the row gives it its id and date. */
export type OutboxMessage = Omit<MailMessage, 'id' | 'date'>;

/** The insert to put into the caller's batch; deliver the returned id after it commits. */
export function outboxInsert(db: Database, message: OutboxMessage, now: Date, id?: string) {
  const rowId = id ?? crypto.randomUUID();
  return {
    id: rowId,
    query: db.insert(mailOutbox).values({
      id: rowId,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      createdAt: now,
    }),
  };
}

/**
 * Sends one outbox message; true when delivered now or before. Failures are recorded. Without
 * a transport nothing is tried: the message waits, its attempts untouched, until one is set.
 */
export async function deliverOutboxMessage(deps: Deps, id: string): Promise<boolean> {
  const { mailer } = deps;
  if (!mailer) return false;
  const [row] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) return false;
  if (row.sentAt) return true;
  if (row.attempts >= MAX_DELIVERY_ATTEMPTS) return false;
  try {
    await mailer.send({
      id: row.id,
      date: row.createdAt,
      to: row.to,
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
    });
  } catch (error) {
    const attempts = row.attempts + 1;
    await deps.db
      .update(mailOutbox)
      .set({
        attempts,
        lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        ...(attempts >= MAX_DELIVERY_ATTEMPTS ? { text: ABANDONED_BODY, html: null } : {}),
      })
      .where(eq(mailOutbox.id, id));
    deps.logger.error('mail delivery failed', { outboxId: id, attempts });
    return false;
  }
  await deps.db
    .update(mailOutbox)
    .set({ sentAt: deps.clock.now(), attempts: row.attempts + 1, text: DELIVERED_BODY, html: null })
    .where(eq(mailOutbox.id, id));
  return true;
}

/** Delivers fresh messages after the answer; failures stay in the outbox for the retries. */
export async function deliverAll(deps: Deps, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    try {
      await deliverOutboxMessage(deps, id);
    } catch (error) {
      deps.logger.error('mail delivery could not be recorded', {
        outboxId: id,
        ...safeError(error),
      });
    }
  }
}

/** Retries every undelivered message that has attempts left (run periodically). */
export async function deliverPendingMail(deps: Deps): Promise<number> {
  if (!deps.mailer) return 0;
  const pending = await deps.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAX_DELIVERY_ATTEMPTS)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(100);
  let delivered = 0;
  for (const { id } of pending) {
    if (!workLeft(deps)) break;
    if (await deliverOutboxMessage(deps, id)) delivered++;
  }
  return delivered;
}

/** Removes delivered or abandoned messages older than the retention (run periodically). */
export async function pruneOldMail(db: Database, now: Date): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(
      and(
        lt(mailOutbox.createdAt, new Date(now.getTime() - SENT_MAIL_RETENTION_MS)),
        or(isNotNull(mailOutbox.sentAt), gte(mailOutbox.attempts, MAX_DELIVERY_ATTEMPTS)),
      ),
    );
}
