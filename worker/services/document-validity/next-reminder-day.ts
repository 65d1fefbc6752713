// The "next reminder day" each document carries (decision 129): the first day the reminder run
// has something to send for it, so the run reads `next_reminder_day <= today` by its index and
// nothing else. Computed in SQL from the row itself (good-until, the day the file was added,
// the reminder rows sent, its status and its application's) and the reminder days staff keep,
// so every write that changes one of them recomputes it in its own batch with one statement,
// without reading the rows first. The run's own `reminderDue` still decides what is sent; this
// day only says when to look: a day too early costs one read, never a mail.
import { and, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { documents } from '../../../schema/db.ts';
import { DEFAULT_REMINDER_LEAD_DAYS } from '../../../schema/document-validity.ts';
import type { Database } from '../../db.ts';

/** A run missed (server down) still sends the day's mail this many days late, not later. */
export const CATCH_UP_DAYS = 14;

const leadDays = sql.raw(
  `coalesce((select reminder_lead_days from document_validity_settings where id = 1), '${JSON.stringify(DEFAULT_REMINDER_LEAD_DAYS)}')`,
);

/**
 * The next reminder day of the `documents` row the statement is on, as of `today`: the day of
 * the latest step whose day has come, if it is still to send (its day on or after the day the
 * file was added, and not sent for this good-until); otherwise the day of the next step to
 * come; null for a superseded or rejected document, one of a rejected application, or one past
 * its good-until by more than the catch-up days. `goodUntil`: the value an UPDATE is setting
 * (SQLite's SET expressions see the row as it was).
 */
export function nextReminderDaySql(today: string, goodUntil: SQL = sql`documents.good_until`): SQL {
  const givenOn = sql`date(documents.uploaded_at / 1000 + 7200, 'unixepoch')`;
  const steps = sql`(select value as days from json_each(${leadDays}) union all select 0)`;
  const stepDay = sql`date(${goodUntil}, '-' || j.days || ' days')`;
  return sql`(case
    when ${goodUntil} is null or ${goodUntil} < ${addDaysSql(today, -CATCH_UP_DAYS)}
      or documents.superseded_at is not null or documents.status = 'rejected'
      or exists (select 1 from submissions s
        where s.id = documents.submission_id and s.status = 'rejected')
      then null
    else coalesce(
      (select k.day from (
          select ${stepDay} as day,
            case j.days when 0 then 'on_the_day' else 'before_' || j.days end as step
          from ${steps} j where ${stepDay} <= ${today} order by 1 desc limit 1) k
        where k.day >= ${givenOn}
          and not exists (select 1 from document_reminders r where r.document_id = documents.id
            and r.good_until = ${goodUntil} and r.step = k.step)),
      (select min(${stepDay}) from ${steps} j where ${stepDay} > ${today}))
  end)`;
}

function addDaysSql(day: string, days: number): SQL {
  return sql`date(${day}, ${`${days} days`})`;
}

/**
 * The statement that recomputes the day of the dated documents matched, for a batch: after the
 * batch's writes it follows from (a statement sees the ones before it).
 */
export function refreshNextReminderDay(db: Database, where: SQL | undefined, today: string) {
  return db
    .update(documents)
    .set({ nextReminderDay: nextReminderDaySql(today) })
    .where(and(where, isNotNull(documents.goodUntil)));
}

/** The current dated documents: what a change of the reminder days recomputes. */
export const currentDated = and(isNotNull(documents.goodUntil), isNull(documents.supersededAt));
