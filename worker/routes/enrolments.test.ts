// The enrolment desk (decision 088): reasons with what they need, follow-ups, owners, internal
// notes, a history of every change (deleted with the application, in its export), the
// security log, bulk changes and the work queue's order.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrolmentChanges, securityEvents, staffUsers } from '../../schema/db.ts';
import { workQueue } from '../../schema/enrolment-api.ts';
import { practitionerExport, type StaffSubmissionDetail } from '../../schema/staff-review-api.ts';
import { manualClock } from '../testing/harness.ts';
import { seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession } from '../testing/staff-requests.ts';

// 2026-11-27 10:00 in South Africa.
const clock = manualClock(new Date('2026-11-27T08:00:00Z'));
const staff = staffSession({ clock });

const patchScheme = (submissionId: string, statusId: string, json: unknown) =>
  staff.request(`/api/admin/submissions/${submissionId}/schemes/${statusId}`, {
    method: 'PATCH',
    json,
  });

async function staffId() {
  const [me] = await staff.t.deps.db.select({ id: staffUsers.id }).from(staffUsers);
  return me!.id;
}

describe('one enrolment', () => {
  it('needs a provider number and effective date to approve with that reason, and records each change', async () => {
    const seeded = await seedSubmission(staff.t);
    const [discovery] = seeded.schemeStatusIds;
    const missing = await patchScheme(seeded.submissionId, discovery!, {
      status: 'approved',
      reason: 'provider_number_issued',
    });
    expect(missing.status).toBe(400);
    const body = await missing.json();
    expect(body.error.fields).toEqual({
      providerNumber: "Enter the scheme's provider number",
      effectiveDate: 'Enter the date the approval takes effect',
    });
    const wrongStatus = await patchScheme(seeded.submissionId, discovery!, {
      status: 'pending',
      reason: 'scheme_rejected',
    });
    expect((await wrongStatus.json()).error.fields.reason).toBe(
      "'The scheme's reason' does not go with this status",
    );
    const nobody = await patchScheme(seeded.submissionId, discovery!, {
      status: 'pending',
      ownerId: '00000000-0000-4000-8000-000000000000',
    });
    expect(nobody.status).toBe(400);
    expect((await staff.detail(seeded.submissionId)).enrolments[0]!.history).toEqual([]);

    // Internal fields only: a history entry, no event the practitioner sees.
    const owner = await staffId();
    const before = (await staff.detail(seeded.submissionId)).statusEvents.length;
    const assigned = await patchScheme(seeded.submissionId, discovery!, {
      status: 'pending',
      reason: 'submitted_to_scheme',
      ownerId: owner,
      followUpOn: '2026-12-04',
      internalNotes: 'Sent by courier',
    });
    expect(assigned.status).toBe(200);
    const afterAssign: StaffSubmissionDetail = await assigned.json();
    // (The first review change moves the application under review: that event only.)
    expect(afterAssign.statusEvents.slice(before).map((e) => e.eventType)).toEqual([
      'status_under_review',
    ]);
    const enrolment = afterAssign.enrolments.find((e) => e.statusId === discovery)!;
    expect(enrolment).toMatchObject({
      reason: 'submitted_to_scheme',
      ownerId: owner,
      followUpOn: '2026-12-04',
      internalNotes: 'Sent by courier',
    });
    expect(enrolment.history).toHaveLength(1);
    expect(enrolment.history[0]).toMatchObject({
      actor: 'staff@bureau.co.za',
      bulk: false,
      changes: {
        reason: [null, 'submitted_to_scheme'],
        ownerId: [null, owner],
        followUpOn: [null, '2026-12-04'],
        internalNotes: [null, 'Sent by courier'],
      },
    });
    // Internal notes never reach the practitioner's view.
    const tracked = await staff.t.request(`/api/submissions/${seeded.trackingToken}`);
    expect(await tracked.text()).not.toContain('Sent by courier');

    clock.advance(60_000);
    const approved = await patchScheme(seeded.submissionId, discovery!, {
      status: 'approved',
      reason: 'provider_number_issued',
      providerNumber: 'DH-0042117',
      effectiveDate: '2026-12-01',
      notes: 'Your provider number is DH-0042117.',
    });
    expect(approved.status).toBe(200);
    const detail: StaffSubmissionDetail = await approved.json();
    // The note marked for the practitioner goes with the scheme, not into the timeline.
    expect(detail.statusEvents.at(-1)).toMatchObject({
      eventType: 'scheme_approved',
      description: 'Discovery Health Medical Scheme approved',
    });
    expect(detail.medicalAidStatuses.find((m) => m.id === discovery)!.notes).toBe(
      'Your provider number is DH-0042117.',
    );
    expect(detail.enrolments.find((e) => e.statusId === discovery)!.history).toHaveLength(2);

    const logged = await staff.t.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.entityId, discovery!));
    expect(logged.map((e) => e.action)).toEqual(['enrolment_changed', 'enrolment_changed']);
    expect(JSON.stringify(logged)).not.toContain('DH-0042117');
  });

  it("makes the lookup say 'action needed' while an enrolment waits on the practitioner", async () => {
    const seeded = await seedSubmission(staff.t, { practiceNumber: '7700441' });
    const lookup = async () =>
      (
        await (
          await staff.t.request('/api/lookup', {
            method: 'POST',
            json: { identifier: '7700441', identifierType: 'practice_number' },
          })
        ).json()
      ).actionNeeded;
    expect(await lookup()).toBe(false);
    await patchScheme(seeded.submissionId, seeded.schemeStatusIds[0]!, {
      status: 'pending',
      reason: 'waiting_on_practitioner',
    });
    expect(await lookup()).toBe(true);
    await patchScheme(seeded.submissionId, seeded.schemeStatusIds[0]!, {
      status: 'pending',
      reason: 'submitted_to_scheme',
    });
    expect(await lookup()).toBe(false);
  });

  it('keeps the history in the data-subject export and deletes it with the application', async () => {
    const seeded = await seedSubmission(staff.t);
    await patchScheme(seeded.submissionId, seeded.schemeStatusIds[1]!, {
      status: 'pending',
      followUpOn: '2026-12-01',
    });
    const detail = await staff.detail(seeded.submissionId);
    const exported = practitionerExport.parse(
      await (
        await staff.request(`/api/admin/practitioners/${detail.practitioner.id}/export`)
      ).json(),
    );
    expect(exported.submissions[0]!.enrolmentChanges).toHaveLength(1);

    const deleted = await staff.request(`/api/admin/submissions/${seeded.submissionId}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    const left = await staff.t.deps.db
      .select()
      .from(enrolmentChanges)
      .where(eq(enrolmentChanges.submissionId, seeded.submissionId));
    expect(left).toEqual([]);
  });
});

describe('bulk changes and the work queue', () => {
  it('approves five enrolments of one scheme at once, each with its own history entry', async () => {
    const five = await Promise.all(Array.from({ length: 5 }, () => seedSubmission(staff.t)));
    const ids = five.map((s) => s.schemeStatusIds[1]!); // Bestmed
    const refused = await staff.request('/api/admin/enrolments/bulk', {
      method: 'POST',
      json: { statusIds: ids, status: 'approved', reason: 'provider_number_issued' },
    });
    expect(refused.status).toBe(400);

    const res = await staff.request('/api/admin/enrolments/bulk', {
      method: 'POST',
      json: {
        statusIds: ids,
        status: 'approved',
        reason: 'provider_number_issued',
        providerNumber: 'BM-2026-11',
        effectiveDate: '2026-12-01',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ changed: 5 });
    for (const s of five) {
      const detail = await staff.detail(s.submissionId);
      expect(detail.submission.status).toBe('under_review');
      const bestmed = detail.enrolments.find((e) => e.statusId === s.schemeStatusIds[1])!;
      expect(bestmed.history).toHaveLength(1);
      expect(bestmed.history[0]!.bulk).toBe(true);
    }
    const logged = await staff.t.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.action, 'enrolment_changed_in_bulk'));
    expect(logged).toHaveLength(5);
  });

  it('lists overdue follow-ups first, then due today, and filters mine, by scheme and status', async () => {
    const me = await staffId();
    const a = await seedSubmission(staff.t);
    const b = await seedSubmission(staff.t);
    const c = await seedSubmission(staff.t);
    const set = (s: typeof a, followUpOn: string) =>
      patchScheme(s.submissionId, s.schemeStatusIds[0]!, {
        status: 'pending',
        followUpOn,
        ownerId: me,
      });
    await set(a, '2026-11-30'); // later
    await set(b, '2026-11-27'); // today
    await set(c, '2026-11-20'); // overdue
    const everyone = workQueue.parse(
      await (
        await staff.request('/api/admin/enrolments?schemeKey=discovery_health_medical_scheme')
      ).json(),
    );
    expect(everyone.today).toBe('2026-11-27');
    const ours = everyone.items.filter((i) =>
      [a, b, c].some((s) => s.submissionId === i.submissionId),
    );
    expect(ours.map((i) => [i.submissionId, i.due])).toEqual([
      [c.submissionId, 'overdue'],
      [b.submissionId, 'today'],
      [a.submissionId, 'later'],
    ]);
    expect(everyone.items.every((i) => i.schemeKey === 'discovery_health_medical_scheme')).toBe(
      true,
    );
    const dues = everyone.items.map((i) => i.due);
    expect(dues.indexOf('today')).toBeGreaterThan(dues.lastIndexOf('overdue'));

    const mine = workQueue.parse(
      await (await staff.request('/api/admin/enrolments?view=mine')).json(),
    );
    expect(mine.items.map((i) => i.submissionId).sort()).toEqual(
      [b.submissionId, c.submissionId].sort(),
    );
    expect(mine.items[0]!.ownerEmail).toBe('staff@bureau.co.za');

    const approvedOnly = workQueue.parse(
      await (await staff.request('/api/admin/enrolments?status=approved')).json(),
    );
    expect(approvedOnly.items.every((i) => i.status === 'approved')).toBe(true);
    expect((await staff.t.request('/api/admin/enrolments')).status).toBe(401);
  });
});
