// Practitioner notices (decision 053): each staff change a practitioner is to hear about is a
// row written in the change's own transaction. The dispatcher turns all of a submission's
// pending notices, once the newest is NOTIFY_DELAY_SECONDS old, into ONE outbox message, in
// one batch that also settles them: the insert happens only if none of them is settled yet and
// the notices are settled only if that message exists, so two dispatchers racing (Node
// processes, Worker isolates) still put each cause into exactly one message.
import { and, asc, eq, inArray, isNotNull, isNull, lt, max, sql } from 'drizzle-orm';
import {
  documents,
  mailOutbox,
  practitionerNotices,
  practitionerRequests,
  submissions,
} from '../../../schema/db.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { type Notice, noticeMail } from '../../mail/practitioner-mail.ts';
import { safeError } from '../../safe-error.ts';
import { workLeft } from '../work-budget/work-budget.ts';
import { deliverOutboxMessage } from './mail-outbox.ts';

/** Settled notices are kept this long as a record of what was said, then removed. */
export const NOTICE_RETENTION_MS = 30 * 24 * 60 * 60_000;

export function noticeInsert(db: Database, submissionId: string, notice: Notice, now: Date) {
  return db.insert(practitionerNotices).values({
    id: crypto.randomUUID(),
    submissionId,
    kind: notice.kind,
    payload: notice.payload,
    createdAt: now,
  });
}

type NoticeRow = typeof practitionerNotices.$inferSelect;

/** What a notice is about: a later notice about the same subject replaces an earlier one. */
function subjectOf(notice: Notice): string {
  switch (notice.kind) {
    case 'submission_status':
      return 'submission';
    case 'scheme_status':
      return `scheme:${notice.payload.schemeName}`;
    case 'document_rejected':
      return `document:${notice.payload.documentId}`;
    case 'document_expiring':
      return `expiring:${notice.payload.documentId}`;
    default:
      return `request:${notice.payload.requestId}`;
  }
}

/** Of these ids, the ones matching the condition (none asked, none read). */
async function idsWhere(ids: string[], read: (ids: string[]) => Promise<{ id: string }[]>) {
  return new Set(ids.length ? (await read(ids)).map((r) => r.id) : []);
}

/**
 * The latest word per subject; a document notice only while the document still needs it, a
 * request's only while it is unanswered.
 */
async function worthTelling(db: Database, rows: readonly NoticeRow[]): Promise<Notice[]> {
  const latest = new Map<string, Notice>();
  for (const row of rows) {
    const notice = { kind: row.kind, payload: row.payload } as Notice;
    const subject = subjectOf(notice);
    latest.delete(subject);
    latest.set(subject, notice);
  }
  const notices = [...latest.values()];
  const docIds = notices.flatMap((n) =>
    n.kind === 'document_rejected' ? [n.payload.documentId] : [],
  );
  const requestIds = notices.flatMap((n) =>
    n.kind === 'practitioner_request' || n.kind === 'request_reminder' ? [n.payload.requestId] : [],
  );
  const expiringIds = notices.flatMap((n) =>
    n.kind === 'document_expiring' ? [n.payload.documentId] : [],
  );
  const [stillRejected, stillOpen, stillCurrent] = await Promise.all([
    idsWhere(docIds, (ids) =>
      db
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            inArray(documents.id, ids),
            eq(documents.status, 'rejected'),
            isNull(documents.supersededAt),
          ),
        ),
    ),
    idsWhere(requestIds, (ids) =>
      db
        .select({ id: practitionerRequests.id })
        .from(practitionerRequests)
        .where(and(inArray(practitionerRequests.id, ids), isNull(practitionerRequests.answeredAt))),
    ),
    // A document replaced meanwhile needs no reminder.
    idsWhere(expiringIds, (ids) =>
      db
        .select({ id: documents.id })
        .from(documents)
        .where(and(inArray(documents.id, ids), isNull(documents.supersededAt))),
    ),
  ]);
  return notices.filter((n) =>
    n.kind === 'document_rejected'
      ? stillRejected.has(n.payload.documentId)
      : n.kind === 'practitioner_request' || n.kind === 'request_reminder'
        ? stillOpen.has(n.payload.requestId)
        : n.kind === 'document_expiring'
          ? stillCurrent.has(n.payload.documentId)
          : true,
  );
}

/** Turns one submission's pending notices into one message; its outbox id, if one was made. */
async function settleSubmission(deps: Deps, submissionId: string): Promise<string | null> {
  const { db } = deps;
  const now = deps.clock.now();
  const [rows, [recipient]] = await Promise.all([
    db
      .select()
      .from(practitionerNotices)
      .where(
        and(
          eq(practitionerNotices.submissionId, submissionId),
          isNull(practitionerNotices.settledAt),
        ),
      )
      .orderBy(asc(practitionerNotices.createdAt), sql`rowid`),
    db
      .select({
        email: submissions.email,
        lastName: submissions.lastName,
        trackingToken: submissions.trackingToken,
      })
      .from(submissions)
      .where(eq(submissions.id, submissionId)),
  ]);
  if (rows.length === 0 || !recipient) return null;
  const ids = rows.map((r) => r.id);
  const notices = await worthTelling(db, rows);
  const unsettled = and(
    inArray(practitionerNotices.id, ids),
    isNull(practitionerNotices.settledAt),
  );
  if (notices.length === 0) {
    // Nothing left worth saying (the document was approved or replaced meanwhile).
    await db.update(practitionerNotices).set({ settledAt: now }).where(unsettled);
    return null;
  }
  const outboxId = crypto.randomUUID();
  const mail = noticeMail(deps.config, recipient, notices);
  const anySettled = db
    .select({ one: sql`1` })
    .from(practitionerNotices)
    .where(and(inArray(practitionerNotices.id, ids), isNotNull(practitionerNotices.settledAt)));
  const [, settled] = await db.batch([
    db.run(sql`insert into ${mailOutbox} (id, "to", subject, text, html, created_at, attempts)
      select ${outboxId}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${now.getTime()}, 0
      where not exists ${anySettled}`),
    db
      .update(practitionerNotices)
      .set({ settledAt: now, outboxId })
      .where(
        and(
          unsettled,
          sql`exists (select 1 from ${mailOutbox} where ${mailOutbox.id} = ${outboxId})`,
        ),
      )
      .returning({ id: practitionerNotices.id }),
  ]);
  return settled.length > 0 ? outboxId : null;
}

/**
 * Every submission whose pending notices have rested for the delay gets its one message;
 * returns the outbox ids made (deliver them, or leave them to the outbox's retries).
 */
export async function settleNotices(deps: Deps): Promise<string[]> {
  const restedBefore = new Date(deps.clock.now().getTime() - deps.config.notifyDelaySeconds * 1000);
  const due = await deps.db
    .select({ submissionId: practitionerNotices.submissionId })
    .from(practitionerNotices)
    .where(isNull(practitionerNotices.settledAt))
    .groupBy(practitionerNotices.submissionId)
    .having(sql`${max(practitionerNotices.createdAt)} <= ${restedBefore.getTime()}`)
    .limit(100);
  const made: string[] = [];
  for (const { submissionId } of due) {
    if (!workLeft(deps)) break;
    const id = await settleSubmission(deps, submissionId);
    if (id) made.push(id);
  }
  return made;
}

/** Settles what is due and delivers the messages made (maintenance, and after a change). */
export async function dispatchNotices(deps: Deps): Promise<number> {
  let delivered = 0;
  for (const id of await settleNotices(deps)) {
    // Made but not sent within this run's budget: the outbox's retries send it.
    if (!workLeft(deps)) break;
    if (await deliverOutboxMessage(deps, id)) delivered++;
  }
  return delivered;
}

/**
 * Run after a staff change, without holding up the answer: waits out the combining window
 * and dispatches (Node only: Workers send notices from the minute cron, deps.noticesBySchedule).
 */
export async function dispatchNoticesAfterDelay(deps: Deps): Promise<void> {
  try {
    const waitMs = deps.config.notifyDelaySeconds * 1000;
    if (waitMs > 0) {
      await new Promise<void>((done) => {
        const timer: unknown = setTimeout(done, waitMs + 1000);
        // Node: a waiting notice does not keep a stopping process alive (maintenance sends it).
        (timer as { unref?: () => void }).unref?.();
      });
    }
    await dispatchNotices(deps);
  } catch (error) {
    deps.logger.error('practitioner notices not dispatched', safeError(error));
  }
}

/** Removes settled notices past the retention (run periodically). */
export async function pruneSettledNotices(db: Database, now: Date): Promise<void> {
  await db
    .delete(practitionerNotices)
    .where(
      and(
        isNotNull(practitionerNotices.settledAt),
        lt(practitionerNotices.settledAt, new Date(now.getTime() - NOTICE_RETENTION_MS)),
      ),
    );
}
