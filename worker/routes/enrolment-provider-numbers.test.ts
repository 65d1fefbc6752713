// Provider numbers right at the source (issue 40): a bulk approval gives each enrolment its own
// provider number, and the work queue pages through every open enrolment with a scheme filter
// that offers every scheme, not only those of the oldest 500.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { medicalAidStatuses } from '../../schema/db.ts';
import { workQueue } from '../../schema/enrolment-api.ts';
import type { TrackingResponse } from '../../schema/tracking-api.ts';
import { manualClock } from '../testing/harness.ts';
import { seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';

const clock = manualClock(new Date('2026-11-27T08:00:00Z'));
const staff = staffSession({ clock });

const bulk = (json: unknown) =>
  staff.request('/api/admin/enrolments/bulk', { method: 'POST', json });

describe('a provider number per enrolment', () => {
  it('approves three enrolments with three different provider numbers', async () => {
    const three = await Promise.all([1, 2, 3].map(() => seedSubmission(staff.t)));
    const ids = three.map((s) => s.schemeStatusIds[0]!);
    const numbers = Object.fromEntries(ids.map((id, i) => [id, `DH-00${i + 1}`]));
    const approve = {
      statusIds: ids,
      status: 'approved',
      reason: 'provider_number_issued',
      effectiveDate: '2026-12-01',
    };

    // One number missing: nothing is written, and the message names the scheme.
    const [first, second] = ids;
    const missing = await bulk({
      ...approve,
      providerNumbers: { [first!]: 'DH-001', [second!]: 'DH-002' },
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toMatch(/provider number/);
    // A number for an enrolment not selected is a mistake, not silently dropped.
    const stray = await bulk({
      ...approve,
      providerNumbers: { ...numbers, [three[0]!.schemeStatusIds[1]!]: 'BM-1' },
    });
    expect(stray.status).toBe(400);
    expect((await stray.json()).error.fields.providerNumbers).toBe(
      'Give provider numbers only for the selected enrolments',
    );
    const untouched = await staff.t.deps.db
      .select({ providerNumber: medicalAidStatuses.providerNumber })
      .from(medicalAidStatuses)
      .where(eq(medicalAidStatuses.id, first!));
    expect(untouched).toEqual([{ providerNumber: null }]);

    const res = await bulk({ ...approve, providerNumbers: numbers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ changed: 3 });
    for (const [i, s] of three.entries()) {
      const detail = await staff.detail(s.submissionId);
      const enrolment = detail.enrolments.find((e) => e.statusId === ids[i])!;
      expect(enrolment.providerNumber).toBe(`DH-00${i + 1}`);
      expect(enrolment.effectiveDate).toBe('2026-12-01');
      expect(enrolment.history[0]!.changes.providerNumber).toEqual([null, `DH-00${i + 1}`]);
      // The practitioner's tracking view shows the approval with their own number; the
      // enrolment still pending shows none.
      const tracked = (await (
        await staff.t.request(`/api/submissions/${s.trackingToken}`)
      ).json()) as TrackingResponse;
      const approved = tracked.medicalAidStatuses.find((m) => m.id === ids[i]);
      expect(approved).toMatchObject({ status: 'approved', providerNumber: `DH-00${i + 1}` });
      const others = tracked.medicalAidStatuses.filter((m) => m.id !== ids[i]);
      expect(others.every((m) => m.providerNumber === null)).toBe(true);
    }
  });
});

describe('the work queue at size', () => {
  it('with 600 open enrolments offers the newest scheme and pages through every one', async () => {
    const old = await seedSubmission(staff.t, { createdAt: new Date('2026-01-05T08:00:00Z') });
    await staff.t.deps.db.insert(medicalAidStatuses).values(
      Array.from({ length: 600 }, (_, i) => ({
        id: `old-${String(i).padStart(3, '0')}`,
        submissionId: old.submissionId,
        schemeKey: 'discovery_health_medical_scheme',
        medicalAidName: 'Discovery Health Medical Scheme',
        status: 'pending' as const,
        lastUpdated: clock.now(),
      })),
    );
    const newest = await seedSubmission(staff.t);
    await staff.t.deps.db
      .update(medicalAidStatuses)
      .set({ schemeKey: 'zz_newest_scheme', medicalAidName: 'Newest Scheme' })
      .where(eq(medicalAidStatuses.id, newest.schemeStatusIds[0]!));

    const read = async (query: string) =>
      workQueue.parse(await (await staff.request(`/api/admin/enrolments${query}`)).json());
    const first = await read('');
    expect(first.items).toHaveLength(100);
    expect(first.schemes.map((s) => s.schemeKey)).toContain('zz_newest_scheme');
    const filtered = await read('?schemeKey=zz_newest_scheme');
    expect(filtered.items.map((i) => i.statusId)).toEqual([newest.schemeStatusIds[0]]);

    const seen = new Set(first.items.map((i) => i.statusId));
    for (let page = 2; page <= first.pages; page++) {
      for (const item of (await read(`?page=${page}`)).items) seen.add(item.statusId);
    }
    expect(first.pages).toBeGreaterThanOrEqual(7);
    expect(seen.has(newest.schemeStatusIds[0]!)).toBe(true);
    expect(seen.has('old-599')).toBe(true);
    // Every open enrolment (the approvals of the test above are no longer open).
    const total = await staff.t.deps.db.$count(
      medicalAidStatuses,
      inArray(medicalAidStatuses.status, ['pending', 'not_started']),
    );
    expect(seen.size).toBe(total);
  });
});
