// The next reminder day a document carries (decision 129), over real libSQL: for a few hundred
// drawn cases (reminder days, good-until, the day the file was added, steps already sent, today)
// the day the SQL writes is the first day the run would send something, found by asking the
// shared `reminderDue` day after day; and the run's and the Expiring view's reads walk their
// indexes, not the documents.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentReminders, documents, documentValiditySettings } from '../../../schema/db.ts';
import { addDays, type ReminderStep, reminderDue } from '../../../schema/document-validity.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { queryPlan } from '../../testing/query-plan.ts';
import { seedSubmission } from '../../testing/staff-fixtures.ts';
import { dueDocuments } from './document-reminders.ts';
import { nearDocuments } from './expiring-view.ts';
import { CATCH_UP_DAYS, nextReminderDaySql } from './next-reminder-day.ts';

let t: TestApp;
let documentId = '';
beforeAll(async () => {
  t = await createTestApp();
  documentId = (await seedSubmission(t)).documentIds[0]!;
});
afterAll(() => t.dispose());

/** A small deterministic generator, so a failing case can be run again. */
function drawn(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

type Case = {
  leadDays: number[];
  goodUntil: string;
  givenOn: string;
  today: string;
  sent: ReminderStep[];
};

/** The first day from `today` on which the run would send a step, by the shared rule. */
function firstSendingDay(c: Case): string | null {
  // Past its good-until: only today's late mail, within the catch-up days.
  if (c.goodUntil < c.today) {
    return c.goodUntil >= addDays(c.today, -CATCH_UP_DAYS) && reminderDue(c) ? c.today : null;
  }
  for (let day = c.today; day <= c.goodUntil; day = addDays(day, 1)) {
    if (reminderDue({ ...c, today: day })) return day;
  }
  return null;
}

async function dayWritten(c: Case, status: 'uploaded' | 'rejected' = 'uploaded') {
  const db = t.deps.db;
  await db.batch([
    db
      .insert(documentValiditySettings)
      .values({ id: 1, reminderLeadDays: c.leadDays, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: documentValiditySettings.id,
        set: { reminderLeadDays: c.leadDays },
      }),
    db
      .update(documents)
      .set({
        goodUntil: c.goodUntil,
        uploadedAt: new Date(`${c.givenOn}T08:00:00+02:00`),
        status,
      })
      .where(eq(documents.id, documentId)),
    db.delete(documentReminders).where(eq(documentReminders.documentId, documentId)),
  ]);
  if (c.sent.length) {
    await db.insert(documentReminders).values(
      c.sent.map((step) => ({
        documentId,
        step,
        goodUntil: c.goodUntil,
        sentBy: 'run',
        sentAt: new Date(),
      })),
    );
  }
  const [row] = await db.all<{ day: string | null }>(
    sql`select ${nextReminderDaySql(c.today)} as day from documents where id = ${documentId}`,
  );
  return row!.day;
}

function drawCase(next: (below: number) => number): Case {
  const leadDays = [...new Set([1 + next(60), 1 + next(60), 1 + next(60)].slice(0, 1 + next(3)))];
  const today = addDays('2026-06-01', next(400));
  const goodUntil = addDays(today, next(140) - 40);
  const givenOn = addDays(today, -next(120));
  // Steps already sent: only ones whose day has come (the run sends no step ahead of its day).
  const steps = leadDays.map((d) => ({ step: `before_${d}` as ReminderStep, on: -d }));
  steps.push({ step: 'on_the_day', on: 0 });
  const sent = steps
    .filter((s) => addDays(goodUntil, s.on) <= today && next(2) === 1)
    .map((s) => s.step);
  return { leadDays, goodUntil, givenOn, today, sent };
}

describe('the next reminder day', () => {
  it('is the first day the run would send, or a day already come when a step is due', async () => {
    const next = drawn(20261129);
    for (let i = 0; i < 300; i++) {
      const c = drawCase(next);
      const expected = firstSendingDay(c);
      const written = await dayWritten(c);
      const label = JSON.stringify(c);
      if (expected === null) expect(written, label).toBeNull();
      else if (expected === c.today) expect(written! <= c.today, label).toBe(true);
      else expect(written, label).toBe(expected);
    }
  });

  it('is none for a rejected document, and none long past its good-until', async () => {
    const c: Case = {
      leadDays: [30, 7],
      goodUntil: '2026-07-10',
      givenOn: '2026-04-10',
      today: '2026-07-01',
      sent: [],
    };
    expect(await dayWritten(c)).toBe('2026-06-10');
    expect(await dayWritten(c, 'rejected')).toBeNull();
    expect(await dayWritten({ ...c, today: addDays(c.goodUntil, CATCH_UP_DAYS + 1) })).toBeNull();
  });

  it('is read by the run and walked by the Expiring view through their own indexes', async () => {
    const plan = (query: Parameters<typeof queryPlan>[1]) => queryPlan(t.deps.db, query);
    const due = await plan(dueDocuments(t.deps.db, '2026-07-01', 200));
    expect(due[0]).toMatch(/SEARCH documents USING INDEX documents_next_reminder_idx/);
    const near = await plan(nearDocuments(t.deps.db, '2026-07-01'));
    expect(near[0]).toMatch(/SEARCH documents USING INDEX documents_current_good_until_idx/);
    expect([...due, ...near].join('\n')).not.toMatch(/TEMP B-TREE|SCAN documents/);
  });
});
