// The staff view of one submission, with download links that work and expire.
import { describe, expect, it } from 'vitest';
import { manualClock } from '../testing/harness.ts';
import { PDF_BYTES, seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession, UNKNOWN_ID } from '../testing/staff-requests.ts';

const clock = manualClock();
const staff = staffSession({ clock });

const asStaff = staff.request;
const detail = staff.detail;

describe('one submission', () => {
  it('shows everything, with staff download links that work and expire', async () => {
    const seeded = await seedSubmission(staff.t, { firstName: 'Sipho', lastName: 'Mokoena' });
    const body = await detail(seeded.submissionId);
    expect(body.practitioner).toMatchObject({
      id: seeded.practitionerId,
      firstName: 'Sipho',
      lastName: 'Mokoena',
      idNumber: '8001015009087',
    });
    expect(body.submission).toMatchObject({
      id: seeded.submissionId,
      status: 'pending',
      trackingToken: seeded.trackingToken,
      practiceNumber: '1234567',
      contractPreferences: { keep: true, review: false, cancel: false, learnMore: false },
    });
    expect(body.consent).toMatchObject({ termsVersion: '1.0.0' });
    expect(body.medicalAidStatuses.map((s) => s.medicalAidName)).toEqual([
      'Bestmed',
      'Discovery Health Medical Scheme',
    ]);
    expect(body.statusEvents.map((e) => e.eventType)).toEqual(['submission_received']);
    expect(body.auditLog.map((a) => a.action)).toEqual(['submission_created']);
    expect(body.documents).toHaveLength(2);
    const doc = body.documents[0]!;
    expect(doc).toMatchObject({
      sectionKey: 'certified_id',
      sectionLabel: 'Certified ID Copy',
      status: 'uploaded',
      fileType: 'application/pdf',
    });
    const file = await staff.t.request(doc.downloadUrl);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF_BYTES);

    const fresh = await asStaff(`/api/admin/documents/${doc.id}/download`);
    const { downloadUrl } = await fresh.json();
    expect((await staff.t.request(downloadUrl)).status).toBe(200);
    clock.advance(5 * 60_000 + 1000);
    expect((await staff.t.request(downloadUrl)).status).toBe(403);
    await signInAgain();
  });

  it('answers 404 for an unknown submission or document', async () => {
    expect((await asStaff(`/api/admin/submissions/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await asStaff(`/api/admin/documents/${UNKNOWN_ID}/download`)).status).toBe(404);
  });

  it('never serves a practitioner document without a signature', async () => {
    const seeded = await seedSubmission(staff.t);
    const res = await staff.t.request(`/api/storage/${seeded.objectKeys[0]}`);
    expect(res.status).toBe(403);
  });
});

/** The session idles out when a test moves the clock far; sign in again for later tests. */
const signInAgain = staff.signInAgain;
