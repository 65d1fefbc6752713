// What staff see of a submission is the contact details it was made with, whatever later
// submissions by the same practitioner change.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { practitioners, submissions } from '../../schema/db.ts';
import type { AdminSubmissionListItem } from '../../schema/staff-review-api.ts';
import { type PractitionerInput, submitResponse } from '../../schema/submission-api.ts';
import { confirmFromReceipt } from '../testing/address-confirmation.ts';
import { saIdNumber, submitApplication } from '../testing/fixtures.ts';
import { manualClock } from '../testing/harness.ts';
import { staffSession } from '../testing/staff-requests.ts';

const clock = manualClock();
const staff = staffSession({ clock });

const asStaff = staff.request;
const detail = staff.detail;

describe('the contact details a submission was made with', () => {
  it('stay on an earlier submission when a later one with the same e-mail updates the practitioner', async () => {
    const idNumber = saIdNumber('690412', '5087');
    const submit = async (practitioner: Partial<PractitionerInput>) => {
      const { response } = await submitApplication(staff.t, {
        practitioner: { idNumber, ...practitioner },
      });
      expect(response.status).toBe(201);
      const { trackingToken } = submitResponse.parse(await response.json());
      const [row] = await staff.t.deps.db
        .select({ id: submissions.id, practitionerId: submissions.practitionerId })
        .from(submissions)
        .where(eq(submissions.trackingToken, trackingToken));
      return { trackingToken, ...row! };
    };
    const listed = async (q: string): Promise<AdminSubmissionListItem[]> => {
      const res = await asStaff(`/api/admin/submissions?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.json();
    };
    const stats = async () => (await asStaff('/api/admin/stats')).json();

    const first = await submit({
      firstName: 'Zanele',
      lastName: 'Mahlangu',
      email: 'zanele.mahlangu@example.co.za',
      phone: '082 555 0123',
      specialization: 'Psychiatry',
    });
    const detailBefore = await detail(first.id);
    const listedBefore = await listed('Zanele Mahlangu');
    expect(listedBefore).toEqual([
      {
        submission: expect.objectContaining({ id: first.id, trackingToken: first.trackingToken }),
        practitioner: {
          firstName: 'Zanele',
          lastName: 'Mahlangu',
          email: 'zanele.mahlangu@example.co.za',
        },
      },
    ]);
    const statsBefore = await stats();

    clock.advance(60_000);
    // Married since, moved and changed speciality: the same practitioner by e-mail.
    const second = await submit({
      firstName: 'Zanele',
      lastName: 'Dlamini',
      email: 'zanele.mahlangu@example.co.za',
      phone: '021 555 0177',
      specialization: 'Radiology',
    });
    // One practitioner once both receipts' links confirmed the address (decision 100).
    for (const { trackingToken } of [first, second]) {
      expect((await confirmFromReceipt(staff.t, trackingToken)).status).toBe(200);
    }
    const [joined] = await staff.t.deps.db
      .select({ practitionerId: submissions.practitionerId })
      .from(submissions)
      .where(eq(submissions.id, second.id));
    expect(joined?.practitionerId).toBe(first.practitionerId);
    expect(await stats()).toMatchObject({
      totalSubmissions: statsBefore.totalSubmissions + 1,
      totalPractitioners: statsBefore.totalPractitioners,
    });

    // The earlier submission's detail, list entry and search hits are what it was made with.
    const detailAfter = await detail(first.id);
    expect(detailAfter.practitioner).toEqual(detailBefore.practitioner);
    expect(detailAfter.practitioner).toEqual({
      id: first.practitionerId,
      firstName: 'Zanele',
      lastName: 'Mahlangu',
      idNumber,
      email: 'zanele.mahlangu@example.co.za',
      phone: '+27825550123',
      specialization: 'Psychiatry',
    });
    expect(await listed('Zanele Mahlangu')).toEqual(listedBefore);
    expect((await listed('ZANELE.mahlangu@example')).map((i) => i.submission.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );

    // The later one shows its own.
    expect((await detail(second.id)).practitioner).toEqual({
      id: first.practitionerId,
      firstName: 'Zanele',
      lastName: 'Dlamini',
      idNumber,
      email: 'zanele.mahlangu@example.co.za',
      phone: '+27215550177',
      specialization: 'Radiology',
    });
    expect(await listed('zanele dlamini')).toEqual([
      {
        submission: expect.objectContaining({ id: second.id }),
        practitioner: {
          firstName: 'Zanele',
          lastName: 'Dlamini',
          email: 'zanele.mahlangu@example.co.za',
        },
      },
    ]);

    // Deleting the later submission leaves the earlier one as it was.
    expect(
      (await asStaff(`/api/admin/submissions/${second.id}`, { method: 'DELETE' })).status,
    ).toBe(200);
    expect((await detail(first.id)).practitioner).toEqual(detailBefore.practitioner);
    expect(await listed('dlamini')).toEqual([]);
    // Nothing that came only with the deleted submission stays on the practitioner's profile.
    const [profile] = await staff.t.deps.db
      .select()
      .from(practitioners)
      .where(eq(practitioners.id, first.practitionerId));
    expect(profile).toMatchObject({
      firstName: 'Zanele',
      lastName: 'Mahlangu',
      idNumber,
      email: 'zanele.mahlangu@example.co.za',
      phone: '+27825550123',
      specialization: 'Psychiatry',
    });
    expect(JSON.stringify(profile)).not.toMatch(/Dlamini|0177|Radiology/);
  });
});
