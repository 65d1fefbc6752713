// The POPIA retention job: a practitioner's data goes RETENTION_YEARS (default 7) after the last
// activity on any of their submissions, files included, audited; a continuing relationship keeps
// everything, and RETENTION_YEARS=0 keeps all.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLogs, practitioners, submissions } from '../../../schema/db.ts';
import { submitApplication } from '../../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../../testing/harness.ts';
import { mailFiles } from '../../testing/mail-files.ts';
import { seedSubmission } from '../../testing/staff-fixtures.ts';
import { created } from '../../testing/submission-requests.ts';
import { runMaintenance } from '../maintenance/maintenance.ts';

const YEAR = 365 * 24 * 60 * 60_000;
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.dispose())));

async function app(env: Record<string, string> = {}) {
  const clock = manualClock(new Date('2026-01-15T08:00:00Z'));
  const t = await createTestApp({ clock, env });
  apps.push(t);
  return { t, clock };
}

describe('the retention job', () => {
  it('deletes a practitioner seven years after their last activity, files included, and records it', async () => {
    const { t, clock } = await app();
    const start = clock.now();
    const ended = await seedSubmission(t, { createdAt: start });
    // Another practitioner applied again six years later: the relationship goes on.
    const ongoing = await seedSubmission(t, { createdAt: start });
    const again = await seedSubmission(t, {
      practitionerId: ongoing.practitionerId,
      createdAt: new Date(start.getTime() + 6 * YEAR),
    });

    // 7 × 365 days: two leap days short of seven calendar years.
    clock.set(new Date(start.getTime() + 7 * YEAR));
    await runMaintenance(t.deps);
    expect(await t.deps.db.select().from(submissions)).toHaveLength(3);

    clock.set(new Date(start.getTime() + 7 * YEAR + 10 * 24 * 60 * 60_000));
    await runMaintenance(t.deps);
    const left = await t.deps.db.select({ id: submissions.id }).from(submissions);
    expect(left.map((s) => s.id).sort()).toEqual([ongoing.submissionId, again.submissionId].sort());
    expect(
      await t.deps.db
        .select()
        .from(practitioners)
        .where(eq(practitioners.id, ended.practitionerId)),
    ).toEqual([]);
    for (const key of ended.objectKeys) expect(await t.deps.store.head(key)).toBeNull();
    for (const key of ongoing.objectKeys) expect(await t.deps.store.head(key)).not.toBeNull();
    const [entry] = await t.deps.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, ended.submissionId));
    expect(entry).toMatchObject({
      actor: 'retention',
      action: 'submission_deleted',
      staffUserId: null,
    });
  });

  it('keeps everything with RETENTION_YEARS=0, and honours a shorter period', async () => {
    const off = await app({ RETENTION_YEARS: '0' });
    await seedSubmission(off.t, { createdAt: off.clock.now() });
    off.clock.advance(50 * YEAR);
    await runMaintenance(off.t.deps);
    expect(await off.t.deps.db.select().from(submissions)).toHaveLength(1);

    const short = await app({ RETENTION_YEARS: '1' });
    await seedSubmission(short.t, { createdAt: short.clock.now() });
    short.clock.advance(YEAR + 24 * 60 * 60_000);
    await runMaintenance(short.t.deps);
    expect(await short.t.deps.db.select().from(submissions)).toHaveLength(0);
  });

  it('leaves no copy of the mail about a deleted application (the .eml files of the local transport)', async () => {
    const { t, clock } = await app({ STAFF_NOTIFY_EMAIL: 'desk@bureau.co.za' });
    const { response } = await submitApplication(t);
    const { trackingToken } = await created(response);
    await t.settled();
    const mentioning = async () =>
      (await mailFiles(t)).filter((m) => m.eml.includes(trackingToken)).length;
    // The receipt was really mailed, so the check below can find a leftover.
    expect(await mentioning()).toBeGreaterThan(0);

    clock.advance(7 * YEAR + 10 * 24 * 60 * 60_000);
    await runMaintenance(t.deps);
    expect(await t.deps.db.select().from(submissions)).toHaveLength(0);
    expect(await mentioning()).toBe(0);
  });
});
