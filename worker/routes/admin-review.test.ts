// Staff review: the application status, scheme statuses and documents, each with the event the
// practitioner sees and an audit entry.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, documents, submissions } from '../../schema/db.ts';
import type { StaffSubmissionDetail } from '../../schema/staff-review-api.ts';
import { manualClock } from '../testing/harness.ts';
import { seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession, UNKNOWN_ID } from '../testing/staff-requests.ts';

const clock = manualClock();
const staff = staffSession({ clock });

const asStaff = staff.request;
const detail = staff.detail;

describe('review workflow', () => {
  it('changes the application status with an event the practitioner sees and an audit entry', async () => {
    const seeded = await seedSubmission(staff.t);
    clock.advance(60_000);
    const res = await asStaff(`/api/admin/submissions/${seeded.submissionId}`, {
      method: 'PATCH',
      json: { status: 'under_review' },
    });
    expect(res.status).toBe(200);
    const body: StaffSubmissionDetail = await res.json();
    expect(body.submission.status).toBe('under_review');
    expect(body.submission.updatedAt).toBe(clock.now().toISOString());
    expect(body.statusEvents.at(-1)).toMatchObject({
      eventType: 'status_under_review',
      description: 'Application is under review',
      createdAt: clock.now().toISOString(),
    });

    await asStaff(`/api/admin/submissions/${seeded.submissionId}`, {
      method: 'PATCH',
      json: { status: 'approved', note: 'All schemes have confirmed' },
    });
    const after = await detail(seeded.submissionId);
    expect(after.statusEvents.at(-1)).toMatchObject({
      eventType: 'status_approved',
      description: 'Application approved: All schemes have confirmed',
    });
    const audit = await staff.t.deps.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.submissionId, seeded.submissionId));
    const changes = audit.filter((a) => a.action === 'submission_status_changed');
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({
      actor: 'staff@bureau.co.za',
      staffUserId: expect.any(String),
      details: { from: 'under_review', to: 'approved', note: 'All schemes have confirmed' },
    });
  });

  it('changes a scheme status, its notes and hard-copy flag', async () => {
    const seeded = await seedSubmission(staff.t);
    const discovery = seeded.schemeStatusIds[0]!;
    const res = await asStaff(
      `/api/admin/submissions/${seeded.submissionId}/schemes/${discovery}`,
      { method: 'PATCH', json: { status: 'approved' } },
    );
    expect(res.status).toBe(200);
    const body: StaffSubmissionDetail = await res.json();
    expect(body.medicalAidStatuses.find((s) => s.id === discovery)).toMatchObject({
      status: 'approved',
      lastUpdated: clock.now().toISOString(),
    });
    expect(body.statusEvents.at(-1)).toMatchObject({
      eventType: 'scheme_approved',
      description: 'Discovery Health Medical Scheme approved',
    });

    await asStaff(`/api/admin/submissions/${seeded.submissionId}/schemes/${discovery}`, {
      method: 'PATCH',
      json: { status: 'approved', requiresHardCopy: true, notes: 'Post the certified ID' },
    });
    const after = await detail(seeded.submissionId);
    expect(after.medicalAidStatuses.find((s) => s.id === discovery)).toMatchObject({
      requiresHardCopy: true,
      notes: 'Post the certified ID',
    });
    expect(after.statusEvents.at(-1)).toMatchObject({
      eventType: 'scheme_hard_copy_required',
      description: 'Discovery Health Medical Scheme: certified hard copy required',
    });
    expect(after.auditLog.filter((a) => a.action === 'scheme_status_changed')).toHaveLength(2);

    const other = await seedSubmission(staff.t);
    const foreign = await asStaff(
      `/api/admin/submissions/${other.submissionId}/schemes/${discovery}`,
      { method: 'PATCH', json: { status: 'rejected' } },
    );
    expect(foreign.status).toBe(404);
  });

  it('rejects a document with a reason the tracking page shows, and approves one', async () => {
    const seeded = await seedSubmission(staff.t);
    const [idCopy, bankLetter] = seeded.documentIds;
    const noReason = await asStaff(`/api/admin/documents/${idCopy}`, {
      method: 'PATCH',
      json: { status: 'rejected' },
    });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).error.fields.reason).toBe(
      'Give a reason when rejecting a document',
    );

    const res = await asStaff(`/api/admin/documents/${idCopy}`, {
      method: 'PATCH',
      json: { status: 'rejected', reason: 'The certification stamp is not legible' },
    });
    expect(res.status).toBe(200);
    const body: StaffSubmissionDetail = await res.json();
    expect(body.documents.find((d) => d.id === idCopy)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The certification stamp is not legible',
    });
    expect(body.statusEvents.at(-1)).toMatchObject({
      eventType: 'document_rejected',
      description: 'Certified ID Copy: The certification stamp is not legible',
    });

    await asStaff(`/api/admin/documents/${bankLetter}`, {
      method: 'PATCH',
      json: { status: 'approved' },
    });
    const [row] = await staff.t.deps.db
      .select()
      .from(documents)
      .where(eq(documents.id, bankLetter!));
    expect(row).toMatchObject({ status: 'approved', rejectionReason: null });
    const after = await detail(seeded.submissionId);
    expect(after.statusEvents.at(-1)).toMatchObject({
      eventType: 'document_approved',
      description: 'Bank Confirmation Letter approved',
    });
    expect(
      after.auditLog.filter((a) => a.action === 'document_status_changed').map((a) => a.entityId),
    ).toEqual([idCopy, bankLetter]);
  });

  it('moves a pending application to under review on the first review change, not on opening it', async () => {
    const seeded = await seedSubmission(staff.t);
    expect((await detail(seeded.submissionId)).submission.status).toBe('pending');
    expect((await detail(seeded.submissionId)).submission.status).toBe('pending');

    clock.advance(60_000);
    await asStaff(`/api/admin/documents/${seeded.documentIds[0]}`, {
      method: 'PATCH',
      json: { status: 'approved' },
    });
    const after = await detail(seeded.submissionId);
    expect(after.submission.status).toBe('under_review');
    expect(after.statusEvents.map((e) => e.eventType).slice(-2)).toEqual([
      'status_under_review',
      'document_approved',
    ]);
    expect(after.auditLog.find((a) => a.action === 'submission_status_changed')).toMatchObject({
      details: { from: 'pending', to: 'under_review', reason: 'first_review_change' },
    });

    // Later changes leave a status staff chose alone.
    await asStaff(`/api/admin/submissions/${seeded.submissionId}`, {
      method: 'PATCH',
      json: { status: 'approved' },
    });
    await asStaff(
      `/api/admin/submissions/${seeded.submissionId}/schemes/${seeded.schemeStatusIds[0]}`,
      {
        method: 'PATCH',
        json: { status: 'approved' },
      },
    );
    expect((await detail(seeded.submissionId)).submission.status).toBe('approved');
  });

  it('refuses unknown statuses and unknown ids', async () => {
    const seeded = await seedSubmission(staff.t);
    const bad = await asStaff(`/api/admin/submissions/${seeded.submissionId}`, {
      method: 'PATCH',
      json: { status: 'done' },
    });
    expect(bad.status).toBe(400);
    const [row] = await staff.t.deps.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, seeded.submissionId));
    expect(row!.status).toBe('pending');
    for (const path of [
      `/api/admin/submissions/${UNKNOWN_ID}`,
      `/api/admin/documents/${UNKNOWN_ID}`,
    ]) {
      const res = await asStaff(path, { method: 'PATCH', json: { status: 'approved' } });
      expect(res.status).toBe(404);
    }
  });
});
