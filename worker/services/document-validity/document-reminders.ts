// The reminder run of documents that expire (issue 38, decisions 117, 118 and 129): each current
// document whose next reminder day has come gets a practitioner notice for the step due today (N days
// before, on the day), combined and mailed by the notice dispatcher like any other news. Each
// step is sent once per document and good-until: the notice is written only where the reminder
// row does not exist yet, in the same batch that writes it, so runs racing (Node processes,
// Workers crons) still send it once; the next reminder day moves on in that batch. Bounded per
// run; the rest waits for the next one.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
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
import { CATCH_UP_DAYS, refreshNextReminderDay } from './next-reminder-day.ts';
import { validitySettingsNow } from './validity-rules.ts';

/** Documents looked at per run at most. */
export const REMINDERS_PER_RUN = 200;

/**
 * The documents whose next reminder day has come, nearest first, with what decides whether
 * one is still to remind (decision 129): the due set only, by its index, however many
 * documents are dated.
 */
export function dueDocuments(db: Database, today: string, limit: number) {
  return db
    .select({
      id: documents.id,
      submissionId: documents.submissionId,
      sectionLabel: documents.sectionLabel,
      goodUntil: documents.goodUntil,
      uploadedAt: documents.uploadedAt,
      current: sql<number>`${documents.supersededAt} is null and ${documents.status} != 'rejected'
        and ${submissions.status} != 'rejected'`,
    })
    .from(documents)
    .innerJoin(submissions, eq(submissions.id, documents.submissionId))
    .where(lte(documents.nextReminderDay, today))
    .orderBy(asc(documents.nextReminderDay), asc(documents.id))
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

/** What one run did: the documents it read (only due ones) and the reminders it wrote. */
export type ReminderRun = { lookedAt: number; sent: number };

/** Sends the reminders due today (reading at most `limit` documents: the bench sets its own). */
export async function remindExpiringDocuments(
  deps: Pick<Deps, 'db' | 'clock' | 'workBudget'>,
  limit = REMINDERS_PER_RUN,
): Promise<ReminderRun> {
  const { db } = deps;
  const now = deps.clock.now();
  const today = validityDay(now);
  const { reminderLeadDays } = await validitySettingsNow(db, now);
  const due = await dueDocuments(db, today, limit);
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
  const run: ReminderRun = { lookedAt: 0, sent: 0 };
  for (const doc of due) {
    if (!workLeft(deps)) break;
    run.lookedAt += 1;
    const goodUntil = doc.goodUntil;
    const sent = sentRows
      .filter((r) => r.documentId === doc.id && r.goodUntil === goodUntil)
      .map((r) => r.step as ReminderStep);
    // The shared rule decides (a step whose day came before the date was given is not sent).
    const step =
      goodUntil && doc.current && goodUntil >= addDays(today, -CATCH_UP_DAYS)
        ? reminderDue({
            goodUntil,
            givenOn: validityDay(doc.uploadedAt),
            today,
            leadDays: reminderLeadDays,
            sent,
          })
        : null;
    // The day moves on in the batch of the mail's record (after it: the step is then sent).
    const advance = refreshNextReminderDay(db, eq(documents.id, doc.id), today);
    if (step && goodUntil) {
      await db.batch([...reminderWrites(db, { ...doc, goodUntil }, step, 'run', now), advance]);
      run.sent += 1;
    } else {
      await advance;
    }
  }
  return run;
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
