// POST /api/submissions with a complete application: what it writes and what the tracking page
// then shows.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import {
  auditLogs,
  consentRecords,
  documents,
  medicalAidStatuses,
  practitioners,
  statusEvents,
  uploadTickets,
} from '../../schema/db.ts';
import { objectKeyFromUploadUrl } from '../services/uploads/upload-tickets.ts';
import {
  buildApplication,
  postSubmission,
  saIdNumber,
  submitApplication,
  uploadDocument,
} from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { created, submissionByToken, track } from '../testing/submission-requests.ts';

const clock = manualClock(new Date('2026-02-02T09:30:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });
});
afterAll(() => t.dispose());

describe('POST /api/submissions: a complete application', () => {
  it('writes the practitioner, submission, documents, consent, scheme statuses, event and audit row', async () => {
    const documentsIn = [
      await uploadDocument(t, 'bhf_form', 'docx'),
      await uploadDocument(t, 'certified_id', 'jpeg'),
      await uploadDocument(t, 'certified_id', 'png'),
      await uploadDocument(t, 'bank_proof', 'pdf'),
      await uploadDocument(t, 'discovery_pack', 'pdf'),
    ];
    const payload = await buildApplication(t, {
      practitioner: { email: 'Dr.Thandi@Example.co.za', idNumber: saIdNumber('850215') },
      submission: {
        additionalNotes: 'n'.repeat(2000),
        hpcsaNumber: 'mp 0123456',
        practiceNumber: '012 3456',
      },
      documents: documentsIn,
    });
    const response = await postSubmission(
      t,
      payload,
      { 'User-Agent': 'Mozilla/5.0 (iPhone) Test' },
      '196.25.1.10',
    );
    const body = await created(response);
    expect(body.message).toBe('Your application has been submitted successfully.');
    expect(body.trackingToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

    const submission = await submissionByToken(t, body.trackingToken);
    expect(submission).toMatchObject({
      practiceType: 'established',
      status: 'pending',
      // Written the way the registries write them: spaces gone, leading zero kept.
      practiceNumber: '0123456',
      hpcsaNumber: 'MP0123456',
      selectedParents: ['discovery', 'bestmed'],
      selectedSchemes: ['discovery_health_medical_scheme', 'bankmed', 'bestmed'],
      contractPreferences: { keep: true, review: false, cancel: false, learnMore: true },
      interestedInContracts: null,
      additionalNotes: 'n'.repeat(2000),
      createdAt: clock.now(),
    });
    const [practitioner] = await t.deps.db
      .select()
      .from(practitioners)
      .where(eq(practitioners.id, submission.practitionerId));
    expect(practitioner).toMatchObject({
      firstName: 'Thandi',
      lastName: 'Nkosi',
      email: 'dr.thandi@example.co.za',
      idNumber: payload.practitioner.idNumber,
    });

    const docs = await t.deps.db
      .select()
      .from(documents)
      .where(eq(documents.submissionId, submission.id));
    expect(docs.map((d) => [d.sectionKey, d.fileType]).sort()).toEqual([
      ['bank_proof', 'application/pdf'],
      ['bhf_form', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['certified_id', 'image/jpeg'],
      ['certified_id', 'image/png'],
      ['discovery_pack', 'application/pdf'],
    ]);
    for (const doc of docs) {
      const input = documentsIn.find((d) => objectKeyFromUploadUrl(d.url) === doc.objectKey)!;
      expect(doc).toMatchObject({ fileName: input.name, fileSize: input.size, status: 'uploaded' });
      expect((await t.deps.store.head(doc.objectKey))?.size).toBe(input.size);
    }
    const tickets = await t.deps.db
      .select()
      .from(uploadTickets)
      .where(
        inArray(
          uploadTickets.objectKey,
          docs.map((d) => d.objectKey),
        ),
      );
    expect(tickets.every((ticket) => ticket.usedAt?.getTime() === clock.now().getTime())).toBe(
      true,
    );

    const [consent] = await t.deps.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.submissionId, submission.id));
    expect(consent).toMatchObject({
      termsVersion: '1.0.0',
      consentedAt: clock.now(),
      clientTimestamp: payload.consent!.timestamp,
      ipAddress: '196.25.1.10',
      userAgent: 'Mozilla/5.0 (iPhone) Test',
    });

    const schemes = await t.deps.db
      .select()
      .from(medicalAidStatuses)
      .where(eq(medicalAidStatuses.submissionId, submission.id));
    expect(
      schemes.map((s) => [s.schemeKey, s.medicalAidName, s.status, s.requiresHardCopy]).sort(),
    ).toEqual([
      ['bankmed', 'Bankmed', 'pending', false],
      ['bestmed', 'Bestmed', 'pending', true],
      ['discovery_health_medical_scheme', 'Discovery Health Medical Scheme', 'pending', false],
    ]);

    const events = await t.deps.db
      .select()
      .from(statusEvents)
      .where(eq(statusEvents.submissionId, submission.id));
    expect(events.map((e) => e.eventType)).toEqual(['submission_received']);

    const audit = await t.deps.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.submissionId, submission.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'practitioner', action: 'submission_created' });
    expect(JSON.stringify(audit[0]!.details)).not.toMatch(/thandi|nkosi|@|\d{13}/i);
  });

  it('serves the tracking view by token, without the ID number', async () => {
    const { payload, response } = await submitApplication(t, {
      practitioner: { idNumber: saIdNumber('900704') },
    });
    const { trackingToken, reference } = await created(response);
    const view = await track(t, trackingToken);
    expect(view.practitioner).toEqual({
      firstName: 'Thandi',
      lastName: 'Nkosi',
      email: payload.practitioner.email,
      phone: '+27821234567',
      specialization: 'General Practice',
    });
    expect(view.submission).toMatchObject({
      status: 'pending',
      trackingToken,
      reference,
      practiceType: 'established',
      hpcsaNumber: 'MP0123456',
      createdAt: clock.now().toISOString(),
      interestedInContracts: null,
    });
    expect(view.documents.map((d) => [d.sectionKey, d.documentType, d.status]).sort()).toEqual([
      ['bank_proof', 'Proof of Banking Details', 'uploaded'],
      ['bhf_form', 'BHF Practice Details Form', 'uploaded'],
      ['certified_id', 'Certified ID Copy', 'uploaded'],
    ]);
    expect(view.medicalAidStatuses.find((m) => m.schemeKey === 'bestmed')).toMatchObject({
      medicalAidName: 'Bestmed',
      status: 'pending',
      requiresHardCopy: true,
    });
    expect(view.statusEvents).toEqual([
      {
        id: expect.any(String),
        eventType: 'submission_received',
        description: 'Application received. It is pending review by our team.',
        createdAt: clock.now().toISOString(),
      },
    ]);
    expect(JSON.stringify(view)).not.toContain(payload.practitioner.idNumber!);
  });

  it('accepts a new practice application with photos and no ID number', async () => {
    const documentsIn = await Promise.all(
      [
        'certified_id',
        'proof_of_address',
        'hpcsa_certificate',
        'practice_number',
        'indemnity_cover',
        'bank_proof',
      ].map((key, i) => uploadDocument(t, key, i % 2 ? 'jpeg' : 'png')),
    );
    const { response } = await submitApplication(t, {
      practiceType: 'new',
      practitioner: { idNumber: '' },
      documents: documentsIn,
    });
    const view = await track(t, (await created(response)).trackingToken);
    expect(view.submission).toMatchObject({
      practiceType: 'new',
      practiceNumber: null,
      hpcsaNumber: null,
      contractPreferences: null,
      interestedInContracts: true,
      additionalNotes: null,
      selectedSchemes: ['medihelp'],
    });
    expect(view.documents).toHaveLength(6);
  });
});

describe('GET /api/submissions/:token', () => {
  it('answers 404 for an unknown or malformed token', async () => {
    for (const token of ['A'.repeat(32), 'short', 'x'.repeat(300), '%27%20OR%201%3D1']) {
      const res = await t.request(`/api/submissions/${token}`);
      expect(res.status).toBe(404);
      expect(errorBody.parse(await res.json()).error).toEqual({
        code: 'not_found',
        message: 'Submission not found. Please check your tracking token.',
      });
    }
  });
});
