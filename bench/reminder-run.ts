// The reminder run of documents that expire (issue 38) at 100,000 applications against 1,000,
// beside the Expiring view's growth row: the run itself (worker/services/document-validity),
// called in this process on each seeded server's database file, with its clock 60 days ahead so
// the servers' own maintenance runs (today's) have sent none of what it finds. Every current
// dated document first gets its next reminder day as of that day (decision 129), as if the
// runs before it had found nothing to send: the due set is then what the old window held.
// - "a run sending N": every round reads and writes the same N reminders (the nearest first),
//   then they are removed and the N documents' days put back, so each round does the same work.
// - "a run with nothing new due": every step due sent; the run reads the due set only (by its
//   index), so it should cost the same at both sizes; the documents it read are in the row.
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { and, gte, isNotNull, sql } from 'drizzle-orm';
import { documents } from '../schema/db.ts';
import { addDays, validityDay } from '../schema/document-validity.ts';
import { createDatabase } from '../worker/db.ts';
import {
  type ReminderRun,
  remindExpiringDocuments,
} from '../worker/services/document-validity/document-reminders.ts';
import {
  CATCH_UP_DAYS,
  currentDated,
  nextReminderDaySql,
} from '../worker/services/document-validity/next-reminder-day.ts';
import { type Row, times } from './table.ts';

/** Reminders per measured run: fewer than the 1,000 applications' due set holds. */
const SENT_PER_RUN = 50;
const ROUNDS = 7;
const AHEAD_MS = 60 * 86_400_000;

type Sized = { size: number; dataDir: string };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const count = (n: number) => n.toLocaleString('en');

async function runTimes(s: Sized) {
  const client = createClient({ url: `file:${join(s.dataDir, 'portal.db')}` });
  await client.execute('PRAGMA busy_timeout = 10000');
  const db = createDatabase(client);
  const day = new Date(Date.now() + AHEAD_MS);
  const today = validityDay(day);
  const clock = { now: () => day };
  await db
    .update(documents)
    .set({ nextReminderDay: nextReminderDaySql(today) })
    .where(and(currentDated, gte(documents.goodUntil, addDays(today, -CATCH_UP_DAYS))));
  const [due] = await db.all<{ dueSet: number }>(
    sql`select count(*) as dueSet from documents where next_reminder_day <= ${today}`,
  );
  const dueSet = due?.dueSet ?? 0;
  // The documents the measured runs read, and their days, to put back after each round.
  const first = await db
    .select({ id: documents.id, day: documents.nextReminderDay })
    .from(documents)
    .where(isNotNull(documents.nextReminderDay))
    .orderBy(documents.nextReminderDay, documents.id)
    .limit(SENT_PER_RUN);
  const undo = async () => {
    await client.execute({
      sql: 'delete from document_reminders where sent_by = ? and sent_at = ?',
      args: ['run', day.getTime()],
    });
    await client.execute({
      sql: "delete from practitioner_notices where kind = 'document_expiring' and created_at = ?",
      args: [day.getTime()],
    });
    await client.batch(
      first.map((d) => ({
        sql: 'update documents set next_reminder_day = ? where id = ?',
        args: [d.day, d.id],
      })),
      'write',
    );
  };
  try {
    const sending: number[] = [];
    let written: ReminderRun = { lookedAt: 0, sent: 0 };
    await remindExpiringDocuments({ db, clock }, SENT_PER_RUN); // warm-up
    await undo();
    for (let round = 0; round < ROUNDS; round++) {
      const t0 = performance.now();
      written = await remindExpiringDocuments({ db, clock }, SENT_PER_RUN);
      sending.push(performance.now() - t0);
      await undo();
    }
    // Every step due sent (the production bound, run after run), then idle runs.
    while ((await remindExpiringDocuments({ db, clock })).lookedAt > 0);
    const idle: number[] = [];
    let idleRun: ReminderRun = { lookedAt: 0, sent: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const t0 = performance.now();
      idleRun = await remindExpiringDocuments({ db, clock });
      idle.push(performance.now() - t0);
    }
    await undo();
    return {
      sending: median(sending),
      written: written.sent,
      idle: median(idle),
      idleLookedAt: idleRun.lookedAt,
      dueSet,
      day: today,
    };
  } finally {
    client.close();
  }
}

export async function reminderRunRows(pair: Sized[]): Promise<Row[]> {
  const [small, large] = [await runTimes(pair[0]!), await runTimes(pair[1]!)];
  const sizes = `${count(pair[1]!.size)} vs ${count(pair[0]!.size)} applications`;
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  const equalWork = small.written === SENT_PER_RUN && large.written === SENT_PER_RUN;
  return [
    {
      what: `growth: reminder run sending ${SENT_PER_RUN} (day ${large.day}), ${sizes}`,
      figure: `${ms(large.sending)} (${large.written} sent of ${count(large.dueSet)} due)`,
      floor: `at ${count(pair[0]!.size)}: ${ms(small.sending)} (${small.written} sent of ${count(small.dueSet)} due)`,
      ratio: times(large.sending, small.sending),
      target: '<= 2× (median of 7 runs)',
      met: equalWork && large.sending / small.sending <= 2,
      values: {
        small: small.sending,
        large: large.sending,
        written: large.written,
      },
    },
    {
      what: `growth: reminder run with nothing new due, ${sizes}`,
      figure: `${ms(large.idle)} (${large.idleLookedAt} documents read)`,
      floor: `at ${count(pair[0]!.size)}: ${ms(small.idle)} (${small.idleLookedAt} read)`,
      ratio: times(large.idle, small.idle),
      target: '<= 2× (median of 7 runs)',
      met: large.idleLookedAt === 0 && large.idle / small.idle <= 2,
      values: {
        small: small.idle,
        large: large.idle,
        lookedAt: large.idleLookedAt,
      },
    },
  ];
}
