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
// The two sizes take turns round by round, so a busy spell of the shared machine falls on both.
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { and, gte, isNotNull, sql } from 'drizzle-orm';
import { documents } from '../schema/db.ts';
import { addDays, validityDay } from '../schema/document-validity.ts';
import { createDatabase } from '../worker/db.ts';
import { remindExpiringDocuments } from '../worker/services/document-validity/document-reminders.ts';
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
type RunFigures = {
  sending: number;
  written: number;
  idle: number;
  idleLookedAt: number;
  dueSet: number;
  day: string;
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const count = (n: number) => n.toLocaleString('en');

/** One seeded database, dated as of the bench day, with what a measured round needs. */
async function prepared(s: Sized, day: Date) {
  const client = createClient({ url: `file:${join(s.dataDir, 'portal.db')}` });
  await client.execute('PRAGMA busy_timeout = 10000');
  const db = createDatabase(client);
  const today = validityDay(day);
  const clock = { now: () => day };
  await db
    .update(documents)
    .set({ nextReminderDay: nextReminderDaySql(today) })
    .where(and(currentDated, gte(documents.goodUntil, addDays(today, -CATCH_UP_DAYS))));
  const [due] = await db.all<{ dueSet: number }>(
    sql`select count(*) as dueSet from documents where next_reminder_day <= ${today}`,
  );
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
  /** One run, timed; `limit`: the documents it may read. */
  const timed = async (limit?: number) => {
    const t0 = performance.now();
    const run = await remindExpiringDocuments({ db, clock }, limit);
    return { ms: performance.now() - t0, run };
  };
  return { client, db, clock, undo, timed, dueSet: due?.dueSet ?? 0, today };
}

/**
 * The two sizes measured round by round in turn (1,000 then 100,000, seven times), so a busy
 * spell of the shared machine falls on both alike; medians of the rounds.
 */
async function runTimes(pair: Sized[]) {
  const day = new Date(Date.now() + AHEAD_MS);
  const both = [await prepared(pair[0]!, day), await prepared(pair[1]!, day)];
  try {
    const sending = both.map(() => [] as number[]);
    const sent = both.map(() => 0);
    for (const b of both) {
      await b.timed(SENT_PER_RUN); // warm-up
      await b.undo();
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, b] of both.entries()) {
        const { ms, run } = await b.timed(SENT_PER_RUN);
        sending[i]!.push(ms);
        sent[i] = run.sent;
        await b.undo();
      }
    }
    // Every step due sent (the production bound, run after run), then idle runs.
    for (const b of both) while ((await b.timed()).run.lookedAt > 0);
    const idle = both.map(() => [] as number[]);
    const read = both.map(() => 0);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, b] of both.entries()) {
        const { ms, run } = await b.timed();
        idle[i]!.push(ms);
        read[i] = run.lookedAt;
      }
    }
    for (const b of both) await b.undo();
    return both.map(
      (b, i): RunFigures => ({
        sending: median(sending[i]!),
        written: sent[i]!,
        idle: median(idle[i]!),
        idleLookedAt: read[i]!,
        dueSet: b.dueSet,
        day: b.today,
      }),
    );
  } finally {
    for (const b of both) b.client.close();
  }
}

export async function reminderRunRows(pair: Sized[]): Promise<Row[]> {
  const [small, large] = (await runTimes(pair)) as [RunFigures, RunFigures];
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
