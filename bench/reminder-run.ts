// The reminder run of documents that expire (issue 38) at 100,000 applications against 1,000,
// beside the Expiring view's growth row: the run itself (worker/services/document-validity),
// called in this process on each seeded server's database file, with its clock 60 days ahead so
// the servers' own maintenance runs (today's window) have sent none of what it finds.
// - "a run sending N": every round finds and writes the same N reminders (the nearest first),
//   then they are removed again, so each round does the same work on both sizes.
// - "a run with nothing new due": every step in the window already sent; the run still walks the
//   window by the good-until index, so this one grows with the documents in it (info only).
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { validityDay } from '../schema/document-validity.ts';
import { createDatabase } from '../worker/db.ts';
import { remindExpiringDocuments } from '../worker/services/document-validity/document-reminders.ts';
import { type Row, times } from './table.ts';

/** Reminders per measured run: fewer than the 1,000 applications' window holds. */
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
  const clock = { now: () => day };
  const undo = async () => {
    await client.execute({
      sql: 'delete from document_reminders where sent_by = ? and sent_at = ?',
      args: ['run', day.getTime()],
    });
    await client.execute({
      sql: "delete from practitioner_notices where kind = 'document_expiring' and created_at = ?",
      args: [day.getTime()],
    });
  };
  try {
    const sending: number[] = [];
    let written = 0;
    await remindExpiringDocuments({ db, clock }, SENT_PER_RUN); // warm-up
    await undo();
    for (let round = 0; round < ROUNDS; round++) {
      const t0 = performance.now();
      written = await remindExpiringDocuments({ db, clock }, SENT_PER_RUN);
      sending.push(performance.now() - t0);
      await undo();
    }
    // Every step due in the window sent (the production bound, run after run), then idle runs.
    while ((await remindExpiringDocuments({ db, clock })) > 0);
    const idle: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const t0 = performance.now();
      await remindExpiringDocuments({ db, clock });
      idle.push(performance.now() - t0);
    }
    await undo();
    return { sending: median(sending), written, idle: median(idle), day: validityDay(day) };
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
      figure: `${ms(large.sending)} (${large.written} sent)`,
      floor: `at ${count(pair[0]!.size)}: ${ms(small.sending)} (${small.written} sent)`,
      ratio: times(large.sending, small.sending),
      target: '<= 2× (median of 7 runs)',
      met: equalWork && large.sending / small.sending <= 2,
      values: { small: small.sending, large: large.sending, written: large.written },
    },
    {
      what: `growth: reminder run with nothing new due, ${sizes}`,
      figure: ms(large.idle),
      floor: `at ${count(pair[0]!.size)}: ${ms(small.idle)}`,
      ratio: times(large.idle, small.idle),
      target: 'info (walks the window)',
      met: null,
      values: { small: small.idle, large: large.idle },
    },
  ];
}
