// The POPIA data-subject export: everything held about one practitioner, nothing about anyone
// else, the files reachable by their links, and the export and each link in the audit and
// security logs.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, securityEvents } from '../../schema/db.ts';
import { PDF_BYTES, seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession, UNKNOWN_ID } from '../testing/staff-requests.ts';

const staff = staffSession();

describe('GET /api/admin/practitioners/:id/export', () => {
  it("gives every stored row about the practitioner and links to their files, and nobody else's", async () => {
    const { t } = staff;
    const first = await seedSubmission(t, { email: 'export.me@example.co.za' });
    const second = await seedSubmission(t, {
      practitionerId: first.practitionerId,
      email: 'export.me+new@example.co.za',
    });
    const stranger = await seedSubmission(t, { email: 'stranger@example.co.za' });

    const res = await staff.request(`/api/admin/practitioners/${first.practitionerId}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="practitioner-${first.practitionerId}.json"`,
    );
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.practitioner).toMatchObject({
      id: first.practitionerId,
      idNumber: '8001015009087',
    });
    expect(data.submissions.map((s: { id: string }) => s.id)).toEqual([
      first.submissionId,
      second.submissionId,
    ]);
    const [one] = data.submissions;
    expect(one).toMatchObject({
      trackingToken: first.trackingToken,
      email: 'export.me@example.co.za',
    });
    expect(one.consentRecords).toHaveLength(1);
    expect(one.medicalAidStatuses).toHaveLength(2);
    expect(one.statusEvents.length).toBeGreaterThan(0);
    expect(one.auditLog.length).toBeGreaterThan(0);
    expect(data.mail.map((m: { to: string }) => m.to).sort()).toEqual([
      'export.me+new@example.co.za',
      'export.me@example.co.za',
    ]);
    // The files, by short-lived signed links rather than storage keys.
    expect(one.documents).toHaveLength(2);
    expect(one.documents[0]).not.toHaveProperty('objectKey');
    const file = await t.request(one.documents[0].downloadUrl);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF_BYTES);
    for (const other of [stranger.submissionId, stranger.trackingToken, 'stranger@example.co.za']) {
      expect(text).not.toContain(other);
    }

    const [entry] = await t.deps.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'practitioner_data_exported'));
    expect(entry).toMatchObject({
      entityType: 'practitioner',
      entityId: first.practitionerId,
      actor: 'staff@bureau.co.za',
      details: { submissions: 2, documents: 4 },
    });
    // In the security log too, which outlives the submissions: the export, and each of its links.
    const logged = await t.deps.db
      .select()
      .from(securityEvents)
      .where(inArray(securityEvents.submissionId, [first.submissionId, second.submissionId]));
    const links = logged.filter((e) => e.action === 'document_link_issued');
    expect(links.map((e) => e.entityId).sort()).toEqual(
      [...one.documents, ...data.submissions[1].documents].map((d: { id: string }) => d.id).sort(),
    );
    expect(links.every((e) => e.details?.via === 'export')).toBe(true);
    const [exported] = await t.deps.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.action, 'practitioner_data_exported'));
    expect(exported).toMatchObject({ entityId: first.practitionerId, details: { links: 4 } });
  });

  it('answers 404 for an unknown practitioner', async () => {
    const res = await staff.request(`/api/admin/practitioners/${UNKNOWN_ID}/export`);
    expect(res.status).toBe(404);
  });
});
