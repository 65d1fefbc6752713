// Where time goes (decision 088): 200 applications with known times to each scheme's outcome;
// the median and 90th percentile per scheme are the values worked out by hand below.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { medicalAidStatuses } from '../../schema/db.ts';
import { enrolmentTimes } from '../../schema/enrolment-api.ts';
import { manualClock } from '../testing/harness.ts';
import { seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';

const DAY_MS = 24 * 60 * 60_000;
const clock = manualClock(new Date('2026-11-27T08:00:00Z'));
const staff = staffSession({ clock });

describe('where time goes', () => {
  it('gives the median and 90th percentile of days to each outcome, applications per week and the backlog', async () => {
    // One outcome through the API: approving sets the outcome time.
    const one = await seedSubmission(staff.t, { createdAt: new Date('2026-11-20T08:00:00Z') });
    await staff.request(
      `/api/admin/submissions/${one.submissionId}/schemes/${one.schemeStatusIds[0]}`,
      {
        method: 'PATCH',
        json: { status: 'approved' },
      },
    );
    const [row] = await staff.t.deps.db
      .select()
      .from(medicalAidStatuses)
      .where(eq(medicalAidStatuses.id, one.schemeStatusIds[0]!));
    expect(row!.outcomeAt).toEqual(clock.now());
    await staff.request(
      `/api/admin/submissions/${one.submissionId}/schemes/${one.schemeStatusIds[0]}`,
      {
        method: 'PATCH',
        json: { status: 'pending' },
      },
    );

    // 200 applications: Discovery answers after 10 + (i mod 40) days (10…49, five each),
    // Bestmed after 5 + 2·(i mod 20) days (5, 7 … 43, ten each).
    for (let i = 0; i < 200; i++) {
      const submitted = new Date(Date.UTC(2026, 0, 1) + i * 6 * 60 * 60_000);
      const s = await seedSubmission(staff.t, { createdAt: submitted });
      const [discovery, bestmed] = s.schemeStatusIds;
      await staff.t.deps.db.batch([
        staff.t.deps.db
          .update(medicalAidStatuses)
          .set({
            status: 'approved',
            outcomeAt: new Date(submitted.getTime() + (10 + (i % 40)) * DAY_MS),
          })
          .where(eq(medicalAidStatuses.id, discovery!)),
        staff.t.deps.db
          .update(medicalAidStatuses)
          .set({
            status: 'rejected',
            outcomeAt: new Date(submitted.getTime() + (5 + 2 * (i % 20)) * DAY_MS),
          })
          .where(eq(medicalAidStatuses.id, bestmed!)),
      ]);
    }

    const res = await staff.request('/api/admin/enrolments/times');
    expect(res.status).toBe(200);
    const times = enrolmentTimes.parse(await res.json());
    // By hand (sorted, interpolating between neighbours at (n−1)·p = 99.5 and 179.1):
    // Discovery: 10…49 five times each; positions 99/100 hold 29 and 30 → median 29.5;
    // positions 179/180 hold 45 and 46 → 45 + 0.1·1 = 45.1.
    // Bestmed: 5…43 by 2, ten times each; positions 99/100 hold 23 and 25 → 24;
    // positions 179/180 hold 39 and 41 → 39 + 0.1·2 = 39.2.
    expect(times.schemes).toEqual([
      {
        schemeKey: 'bestmed',
        schemeName: 'Bestmed',
        outcomes: 200,
        medianDays: 24,
        p90Days: 39.2,
      },
      {
        schemeKey: 'discovery_health_medical_scheme',
        schemeName: 'Discovery Health Medical Scheme',
        outcomes: 200,
        medianDays: 29.5,
        p90Days: 45.1,
      },
    ]);
    expect(times.backlog).toEqual([
      { status: 'approved', enrolments: 200 },
      { status: 'pending', enrolments: 2 },
      { status: 'rejected', enrolments: 200 },
      { status: 'not_started', enrolments: 0 },
    ]);
    // The last 12 weeks, Mondays; the one recent application is in the week of 16 November.
    expect(times.weeks).toHaveLength(12);
    expect(times.weeks.at(-1)!.weekStart).toBe('2026-11-23');
    expect(times.weeks.find((w) => w.weekStart === '2026-11-16')!.applications).toBe(1);
  });
});
