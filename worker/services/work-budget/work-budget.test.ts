// A scheduled run is bounded by its budget of outside calls (on Workers, subrequests per
// invocation): after a backlog it stops between items, never past the budget, and the next
// runs go on where it stopped until nothing is left.
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTickets } from '../../../schema/db.ts';
import { uploadDocument } from '../../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../../testing/harness.ts';
import { runMaintenance } from '../maintenance/maintenance.ts';
import { ORPHAN_UPLOAD_AGE_MS } from '../uploads/upload-tickets.ts';
import { withWorkBudget } from './work-budget.ts';

const clock = manualClock(new Date('2026-05-04T08:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });
});
afterAll(() => t.dispose());

const BACKLOG = 15;
const orphansLeft = () => t.deps.db.$count(uploadTickets, isNull(uploadTickets.usedAt));

describe('a scheduled run within its budget', () => {
  it('removes a backlog of orphaned uploads over several runs, each within its calls', async () => {
    for (let i = 0; i < BACKLOG; i++) await uploadDocument(t, 'bank_proof');
    clock.advance(ORPHAN_UPLOAD_AGE_MS + 60_000);
    expect(await orphansLeft()).toBe(BACKLOG);

    // Each orphan costs two calls (its bytes, its ticket): a run of 20 cannot take them all.
    const size = { limit: 20, largestItem: 4 };
    const spentPerRun: number[] = [];
    const leftAfterRun: number[] = [];
    for (let run = 0; run < 10 && (await orphansLeft()) > 0; run++) {
      const deps = withWorkBudget(t.deps, size);
      await runMaintenance(deps);
      spentPerRun.push(deps.workBudget.spent);
      leftAfterRun.push(await orphansLeft());
    }
    expect(spentPerRun.every((spent) => spent > 0 && spent <= size.limit)).toBe(true);
    // The first run stopped part-way; the later ones went on until none were left.
    expect(leftAfterRun[0]).toBeGreaterThan(0);
    expect(leftAfterRun[0]).toBeLessThan(BACKLOG);
    expect(leftAfterRun.at(-1)).toBe(0);
    expect(leftAfterRun).toEqual([...leftAfterRun].sort((a, b) => b - a));
    for (const { objectKey } of await t.deps.db.select().from(uploadTickets)) {
      expect(await t.deps.store.head(objectKey)).not.toBeNull();
    }
  });

  it('lets a run without a budget (the Node process) do everything at once', async () => {
    for (let i = 0; i < 5; i++) await uploadDocument(t, 'bank_proof');
    clock.advance(ORPHAN_UPLOAD_AGE_MS + 60_000);
    await runMaintenance(t.deps);
    expect(await orphansLeft()).toBe(0);
  });
});
