// The reminder run of documents that expire (issue 38, decisions 117 and 118): each current
// document whose good-until is near gets a practitioner notice for the step due today (N days
// before, on the day), combined and mailed by the notice dispatcher like any other news. Each
// step is sent once per document and good-until: the notice is written only where the reminder
// row does not exist yet, in the same batch that writes it, so runs racing (Node processes,
// Workers crons) still send it once. Bounded per run; the rest waits for the next one.
import { and, asc, eq, gte, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import {
  documentReminders,
  documents,
  practitionerNotices,
  submissions,
} from '../../../schema/db.ts';
import {
  addDays,
  type ReminderStep,
  reminderDue,
  validityDay,
} from '../../../schema/document-validity.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { workLeft } from '../work-budget/work-budget.ts';
import { validitySettingsNow } from './validity-rules.ts';

/** Documents reminded per run at most. */
export const REMINDERS_PER_RUN = 200;
/** A run missed (server down) still sends the day's mail this many days late, not later. */
const CATCH_UP_DAYS = 14;

/**
 * The step due on `today` for each document, and the day that step fell on, as SQL: the latest
 * step whose day has come (on the day, then the nearest lead days first).
 */
function dueStepSql(leadDays: readonly number[], today: string): { step: SQL; day: SQL } {
  const steps = [{ name: 'on_the_day', days: 0 }].concat(
    [...leadDays].sort((a, b) => a - b).map((days) => ({ name: `before_${days}`, days })),
  );
  const when = (then: (days: number, name: string) => SQL) =>
    sql`(case ${sql.join(
      steps.map(
        ({ name, days }) =>
          sql`when ${documents.goodUntil} <= ${addDays(today, days)} then ${then(days, name)}`,
      ),
      sql` `,
    )} end)`;
  return {
    step: when((_, name) => sql`${name}`),
    day: when((days) => sql`date(${documents.goodUntil}, ${`-${days} days`})`),
  };
}

/** The documents with a step due today not sent yet, nearest good-until first. */
function dueDocuments(db: Database, leadDays: readonly number[], today: string, limit: number) {
  const { step, day } = dueStepSql(leadDays, today);
  // The South African day the file was added: a step whose day came before it is never sent.
  const givenOn = sql`date(${documents.uploadedAt} / 1000 + 7200, 'unixepoch')`;
  return db
    .select({
      id: documents.id,
      submissionId: documents.submissionId,
      sectionLabel: documents.sectionLabel,
      goodUntil: documents.goodUntil,
      uploadedAt: documents.uploadedAt,
    })
    .from(documents)
    .innerJoin(submissions, eq(submissions.id, documents.submissionId))
    .where(
      and(
        gte(documents.goodUntil, addDays(today, -CATCH_UP_DAYS)),
        lte(documents.goodUntil, addDays(today, Math.max(...leadDays))),
        isNull(documents.supersededAt),
        ne(documents.status, 'rejected'),
        ne(submissions.status, 'rejected'),
        sql`${day} >= ${givenOn}`,
        sql`not exists (select 1 from ${documentReminders} r
          where r.document_id = ${documents.id} and r.good_until = ${documents.goodUntil}
            and r.step = ${step})`,
      ),
    )
    .orderBy(asc(documents.goodUntil), asc(documents.id))
    .limit(limit);
}

type DueDocument = Awaited<ReturnType<typeof dueDocuments>>[number];

/** The notice and the reminder row of one step, in one batch; the notice only if it is new. */
export function reminderWrites(
  db: Database,
  doc: Pick<DueDocument, 'id' | 'submissionId' | 'sectionLabel'> & { goodUntil: string },
  step: string,
  sentBy: string,
  now: Date,
) {
  const payload = JSON.stringify({
    documentId: doc.id,
    sectionLabel: doc.sectionLabel,
    goodUntil: doc.goodUntil,
    step,
  });
  return [
    db.run(sql`insert into ${practitionerNotices} (id, submission_id, kind, payload, created_at)
      select ${crypto.randomUUID()}, ${doc.submissionId}, 'document_expiring', ${payload}, ${now.getTime()}
      where not exists (select 1 from ${documentReminders} r
        where r.document_id = ${doc.id} and r.step = ${step} and r.good_until = ${doc.goodUntil})`),
    db
      .insert(documentReminders)
      .values({ documentId: doc.id, step, goodUntil: doc.goodUntil, sentBy, sentAt: now })
      .onConflictDoNothing(),
  ] as const;
}

/** Sends the reminders due today (at most `limit`: the bench sets its own); how many were written. */
export async function remindExpiringDocuments(
  deps: Pick<Deps, 'db' | 'clock' | 'workBudget'>,
  limit = REMINDERS_PER_RUN,
): Promise<number> {
  const { db } = deps;
  const now = deps.clock.now();
  const today = validityDay(now);
  const { reminderLeadDays } = await validitySettingsNow(db, now);
  const due = await dueDocuments(db, reminderLeadDays, today, limit);
  const sentRows = due.length
    ? await db
        .select()
        .from(documentReminders)
        .where(
          inArray(
            documentReminders.documentId,
            due.map((d) => d.id),
          ),
        )
    : [];
  let written = 0;
  for (const doc of due) {
    if (!workLeft(deps)) break;
    const goodUntil = doc.goodUntil as string;
    const sent = sentRows
      .filter((r) => r.documentId === doc.id && r.goodUntil === goodUntil)
      .map((r) => r.step as ReminderStep);
    // The shared rule decides (a step whose day came before the date was given is not sent).
    const step = reminderDue({
      goodUntil,
      givenOn: validityDay(doc.uploadedAt),
      today,
      leadDays: reminderLeadDays,
      sent,
    });
    if (!step) continue;
    await db.batch(reminderWrites(db, { ...doc, goodUntil }, step, 'run', now));
    written += 1;
  }
  return written;
}

/** Whether the practitioner was reminded to renew this document for its current good-until. */
export async function renewalAsked(
  db: Database,
  doc: { id: string; goodUntil: string | null },
): Promise<boolean> {
  if (!doc.goodUntil) return false;
  const [row] = await db
    .select({ step: documentReminders.step })
    .from(documentReminders)
    .where(
      and(eq(documentReminders.documentId, doc.id), eq(documentReminders.goodUntil, doc.goodUntil)),
    )
    .limit(1);
  return Boolean(row);
}
