import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DocumentInput,
  errorBody,
  type SubmitRequest,
  submitResponse,
  trackingResponse,
} from '../../schema/api.ts';
import {
  auditLogs,
  consentRecords,
  documents,
  idempotencyKeys,
  medicalAidStatuses,
  practitioners,
  statusEvents,
  submissions,
  uploadTickets,
} from '../../schema/db.ts';
import { objectKeyFromUploadUrl } from '../services/upload-tickets.ts';
import {
  buildApplication,
  postSubmission,
  saIdNumber,
  submitApplication,
  uploadDocument,
} from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';

const clock = manualClock(new Date('2026-02-02T09:30:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });
});
afterAll(() => t.dispose());

async function created(response: Response) {
  if (response.status !== 201) throw new Error(`${response.status}: ${await response.text()}`);
  return submitResponse.parse(await response.json());
}

async function submissionByToken(token: string) {
  const [row] = await t.deps.db
    .select()
    .from(submissions)
    .where(eq(submissions.trackingToken, token));
  return row!;
}

async function track(token: string) {
  const res = await t.request(`/api/submissions/${token}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  return trackingResponse.parse(await res.json());
}

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
      submission: { additionalNotes: 'n'.repeat(2000), hpcsaNumber: 'mp 012345' },
      documents: documentsIn,
    });
    const response = await postSubmission(t, payload, {
      'X-Test-Client': '196.25.1.10',
      'User-Agent': 'Mozilla/5.0 (iPhone) Test',
    });
    const body = await created(response);
    expect(body.message).toBe('Your application has been submitted successfully.');
    expect(body.trackingToken).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const submission = await submissionByToken(body.trackingToken);
    expect(submission).toMatchObject({
      practiceType: 'established',
      status: 'pending',
      practiceNumber: (payload.submission as { practiceNumber: string }).practiceNumber,
      hpcsaNumber: 'MP 012345',
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
    const { trackingToken } = await created(response);
    const view = await track(trackingToken);
    expect(view.practitioner).toEqual({
      firstName: 'Thandi',
      lastName: 'Nkosi',
      email: payload.practitioner.email,
      phone: '082 123 4567',
      specialization: 'General Practice',
    });
    expect(view.submission).toMatchObject({
      status: 'pending',
      trackingToken,
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
    const view = await track((await created(response)).trackingToken);
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

  it('reuses the practitioner by e-mail or ID number and updates the details', async () => {
    const idNumber = saIdNumber('780312', '0042');
    const tokens: string[] = [];
    for (const practitioner of [
      { email: 'reuse@example.co.za', idNumber, phone: '021 555 0100' },
      { email: 'REUSE@example.co.za', idNumber: '', phone: '+27 82 765 4321' },
      { email: 'new.address@example.co.za', idNumber, lastName: 'Nkosi-Dube' },
    ]) {
      const { response } = await submitApplication(t, { practitioner });
      tokens.push((await created(response)).trackingToken);
    }
    const ids = new Set(
      await Promise.all(
        tokens.map(async (token) => (await submissionByToken(token)).practitionerId),
      ),
    );
    expect(ids.size).toBe(1);
    const rows = await t.deps.db
      .select()
      .from(practitioners)
      .where(eq(practitioners.idNumber, idNumber));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'new.address@example.co.za',
      lastName: 'Nkosi-Dube',
      phone: '082 123 4567',
    });
  });

  it('keeps the contact details each submission was made with on its tracking page', async () => {
    const idNumber = saIdNumber('760809', '0311');
    const first = await submitApplication(t, {
      practitioner: {
        idNumber,
        firstName: 'Nomsa',
        lastName: 'Khumalo',
        email: 'Nomsa.Khumalo@example.co.za',
        phone: '082 555 0101',
        specialization: 'Paediatrics',
      },
    });
    const firstToken = (await created(first.response)).trackingToken;
    const before = await track(firstToken);
    expect(before.practitioner).toEqual({
      firstName: 'Nomsa',
      lastName: 'Khumalo',
      email: 'nomsa.khumalo@example.co.za',
      phone: '082 555 0101',
      specialization: 'Paediatrics',
    });

    // Someone else submits with the same ID number and their own name, e-mail and phone.
    clock.advance(60_000);
    const second = await submitApplication(t, {
      practitioner: {
        idNumber,
        firstName: 'Pieter',
        lastName: 'Venter',
        email: 'p.venter@example.org',
        phone: '021 555 0199',
        specialization: 'Dermatology',
      },
    });
    const secondToken = (await created(second.response)).trackingToken;

    // The practitioner row is still reused and updated ...
    const practitionerId = (await submissionByToken(firstToken)).practitionerId;
    expect((await submissionByToken(secondToken)).practitionerId).toBe(practitionerId);
    const [row] = await t.deps.db
      .select()
      .from(practitioners)
      .where(eq(practitioners.id, practitionerId));
    expect(row).toMatchObject({ firstName: 'Pieter', email: 'p.venter@example.org', idNumber });
    // ... but each tracking page shows what its own submission was made with.
    expect(await track(firstToken)).toEqual(before);
    expect((await track(secondToken)).practitioner).toEqual({
      firstName: 'Pieter',
      lastName: 'Venter',
      email: 'p.venter@example.org',
      phone: '021 555 0199',
      specialization: 'Dermatology',
    });
    expect(await submissionByToken(firstToken)).toMatchObject({
      firstName: 'Nomsa',
      idNumber,
      email: 'nomsa.khumalo@example.co.za',
    });
  });
});

describe('POST /api/submissions: refusals', () => {
  let valid: SubmitRequest;
  let before: number;
  beforeAll(async () => {
    valid = await buildApplication(t);
    before = await t.deps.db.$count(submissions);
  });
  afterAll(async () => {
    // None of the refused requests wrote anything, and the valid payload's uploads are unspent.
    expect(await t.deps.db.$count(submissions)).toBe(before);
    const keys = valid.documents.map((d) => objectKeyFromUploadUrl(d.url)!);
    const tickets = await t.deps.db
      .select()
      .from(uploadTickets)
      .where(inArray(uploadTickets.objectKey, keys));
    expect(tickets.map((ticket) => ticket.usedAt)).toEqual([null, null, null]);
  });

  const withPractitioner = (patch: Record<string, unknown>) => ({
    ...valid,
    practitioner: { ...valid.practitioner, ...patch },
  });
  const withSubmission = (patch: Record<string, unknown>) => ({
    ...valid,
    submission: { ...valid.submission, ...patch },
  });

  async function refused(payload: unknown, status: number, code: string, headers = {}) {
    const res = await postSubmission(t, payload, headers);
    const text = await res.text();
    expect(res.status, text).toBe(status);
    const body = errorBody.parse(JSON.parse(text));
    expect(body.error.code).toBe(code);
    return { ...body.error, text };
  }

  const goodId = saIdNumber();
  const wrongCheckDigit = `${goodId.slice(0, 12)}${(Number(goodId[12]) + 1) % 10}`;
  const fieldCases: [string, () => unknown, string, string][] = [
    [
      'popiaConsent false',
      () => ({ ...valid, popiaConsent: false }),
      'popiaConsent',
      'Please accept the POPIA consent',
    ],
    [
      'popiaConsent missing',
      () => ({ ...valid, popiaConsent: undefined }),
      'popiaConsent',
      'Please accept the POPIA consent',
    ],
    [
      'an invalid e-mail',
      () => withPractitioner({ email: 'thandi@@example' }),
      'practitioner.email',
      'Enter a valid email address',
    ],
    [
      'an implausible phone number',
      () => withPractitioner({ phone: '12345' }),
      'practitioner.phone',
      'Enter a South African phone number, e.g. 082 123 4567',
    ],
    [
      'an ID number with a wrong check digit',
      () => withPractitioner({ idNumber: wrongCheckDigit }),
      'practitioner.idNumber',
      'Enter a valid 13-digit South African ID number',
    ],
    [
      'an ID number with an impossible date',
      () => withPractitioner({ idNumber: saIdNumber('801301') }),
      'practitioner.idNumber',
      'Enter a valid 13-digit South African ID number',
    ],
    [
      'a 12-digit ID number',
      () => withPractitioner({ idNumber: '800101500908' }),
      'practitioner.idNumber',
      'Enter a valid 13-digit South African ID number',
    ],
    [
      'a missing first name',
      () => withPractitioner({ firstName: '  ' }),
      'practitioner.firstName',
      'First name is required',
    ],
    [
      'an overlong last name',
      () => withPractitioner({ lastName: 'x'.repeat(101) }),
      'practitioner.lastName',
      'Use at most 100 characters',
    ],
    [
      'a 6-digit practice number',
      () => withSubmission({ practiceNumber: '123456' }),
      'submission.practiceNumber',
      'The PCNS practice number is 7 digits',
    ],
    [
      'a malformed HPCSA number',
      () => withSubmission({ hpcsaNumber: 'HPCSA' }),
      'submission.hpcsaNumber',
      'Enter your HPCSA registration number, e.g. MP0123456',
    ],
    [
      'notes over 2,000 characters',
      () => withSubmission({ additionalNotes: 'n'.repeat(2001) }),
      'submission.additionalNotes',
      'Notes can be at most 2000 characters',
    ],
  ];
  for (const [name, payload, field, message] of fieldCases) {
    it(`refuses ${name} with a 400 naming the field`, async () => {
      const error = await refused(payload(), 400, 'invalid_request');
      expect(error.fields?.[field]).toBe(message);
      expect(error.text).not.toContain(valid.practitioner.email);
    });
  }

  it('does not echo submitted values in the error', async () => {
    const error = await refused(
      withPractitioner({ email: 'secret.person@nowhere' }),
      400,
      'invalid_request',
    );
    expect(error.text).not.toContain('secret.person');
  });

  it('refuses a body that is not a JSON object', async () => {
    for (const body of ['[]', '"text"', '{"practitioner":', '']) {
      const res = await t.request('/api/submissions', {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(errorBody.parse(await res.json()).error.code).toBe('invalid_request');
    }
  });

  it('refuses an unknown practice type', async () => {
    await refused(withSubmission({ practiceType: 'locum' }), 400, 'invalid_request');
  });

  it('refuses an unknown scheme, an unknown administrator and an inconsistent selection', async () => {
    const unknownScheme = await refused(
      withSubmission({ selectedSchemes: ['discovery_health_medical_scheme', 'nosuch'] }),
      400,
      'invalid_scheme_selection',
    );
    expect(unknownScheme.fields).toEqual({
      'submission.selectedSchemes': 'Unknown medical aid scheme',
    });
    const unknownParent = await refused(
      withSubmission({ selectedParents: ['discovery', 'nosuch'] }),
      400,
      'invalid_scheme_selection',
    );
    expect(Object.keys(unknownParent.fields!)).toEqual(['submission.selectedParents']);
    const inconsistent = await refused(
      withSubmission({ selectedParents: ['medscheme'], selectedSchemes: ['bankmed'] }),
      400,
      'invalid_scheme_selection',
    );
    expect(inconsistent.message).toBe(
      'The selected medical aid schemes do not match the scheme list. Please select them again.',
    );
  });

  it('refuses consent given to other terms', async () => {
    const error = await refused(
      { ...valid, consent: { ...valid.consent!, termsVersion: '0.9.0' } },
      400,
      'terms_outdated',
    );
    expect(error.message).toBe(
      'The terms have changed. Please read and accept the current terms (version 1.0.0).',
    );
  });

  it('refuses an application missing a required section', async () => {
    const error = await refused(
      { ...valid, documents: valid.documents.filter((d) => d.sectionKey !== 'bank_proof') },
      400,
      'missing_documents',
    );
    expect(error.message).toBe('Please complete all required document uploads before submitting');
    expect(error.fields).toEqual({
      'sections.bank_proof': 'Upload at least 1 file for Proof of Banking Details',
    });
  });

  it('refuses a document filed under a section of the other practice type', async () => {
    const address = await uploadDocument(t, 'proof_of_address');
    const error = await refused(
      { ...valid, documents: [...valid.documents, address] },
      400,
      'invalid_document',
    );
    expect(error.fields).toEqual({
      'documents.3': 'This document section is not part of an established practice application',
    });
  });

  it('refuses more than 10 files in a section', async () => {
    const many = await Promise.all(
      Array.from({ length: 10 }, () => uploadDocument(t, 'certified_id')),
    );
    const error = await refused(
      { ...valid, documents: [...valid.documents, ...many] },
      400,
      'too_many_documents',
    );
    expect(error.fields).toEqual({
      'sections.certified_id': 'At most 10 files can be uploaded for Certified ID Copy',
    });
  });

  it('answers 409 upload_missing naming each document whose upload is unknown, absent or not made', async () => {
    const notUploaded = await t.request('/api/objects/upload', {
      method: 'POST',
      json: { filename: 'bank_proof_1' },
    });
    const { uploadURL } = (await notUploaded.json()) as { uploadURL: string };
    const [bhf, id, bank] = valid.documents as [DocumentInput, DocumentInput, DocumentInput];
    const error = await refused(
      {
        ...valid,
        documents: [
          {
            ...bhf,
            url: 'http://localhost:8787/api/storage/uploads/00000000-0000-4000-8000-000000000000',
          },
          id,
          { ...bank, url: uploadURL },
          { ...bank, url: 'https://example.com/some/file.pdf' },
        ],
      },
      409,
      'upload_missing',
    );
    expect(error.fields).toEqual({
      'documents.0': 'This file was not found or its upload has expired. Please upload it again.',
      'documents.2': 'This file was not found or its upload has expired. Please upload it again.',
      'documents.3': 'This file was not found or its upload has expired. Please upload it again.',
    });
  });

  it('answers 409 upload_missing for an upload past its usable time', async () => {
    const old = await uploadDocument(t, 'bank_proof');
    clock.advance(23 * 3600_000);
    try {
      const fresh = [await uploadDocument(t, 'bhf_form'), await uploadDocument(t, 'certified_id')];
      const error = await refused({ ...valid, documents: [...fresh, old] }, 409, 'upload_missing');
      expect(Object.keys(error.fields!)).toEqual(['documents.2']);
      clock.advance(-1000);
      expect((await postSubmission(t, { ...valid, documents: [...fresh, old] })).status).toBe(201);
      before += 1;
    } finally {
      clock.set(new Date('2026-02-02T09:30:00Z'));
    }
  });

  it('refuses a file whose bytes are not what its type claims', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const disguised = await uploadDocument(t, 'bank_proof', 'pdf', { bytes: html });
    const error = await refused(
      { ...valid, documents: [...valid.documents.slice(0, 2), disguised] },
      400,
      'invalid_document',
    );
    expect(error.fields).toEqual({
      'documents.2': 'This file is not a valid PDF, JPG or PNG file',
    });

    // A real Word file is fine for the BHF form but not for an ID copy, whatever the PUT said.
    const docxAsPdf = await uploadDocument(t, 'certified_id', 'docx', {
      contentType: 'application/pdf',
    });
    const wrong = await refused(
      { ...valid, documents: [valid.documents[0]!, docxAsPdf, valid.documents[2]!] },
      400,
      'invalid_document',
    );
    expect(wrong.fields).toEqual({
      'documents.1': 'This file is not a valid PDF, JPG or PNG file',
    });
  });

  it('refuses a stored file over its ticket size cap, which a presigned R2 PUT cannot enforce', async () => {
    const big = await uploadDocument(t, 'bank_proof');
    await t.deps.db
      .update(uploadTickets)
      .set({ maxBytes: big.size - 1 })
      .where(eq(uploadTickets.objectKey, objectKeyFromUploadUrl(big.url)!));
    const error = await refused(
      { ...valid, documents: [...valid.documents.slice(0, 2), big] },
      400,
      'invalid_document',
    );
    expect(error.fields).toEqual({ 'documents.2': 'This file is larger than the 1 MB limit' });
  });

  it('refuses the same upload listed twice or filed under another section', async () => {
    const twice = await refused(
      { ...valid, documents: [...valid.documents, valid.documents[1]!] },
      400,
      'invalid_document',
    );
    expect(twice.fields).toEqual({ 'documents.3': 'This file is listed more than once' });
    const moved = await refused(
      {
        ...valid,
        documents: [
          valid.documents[0]!,
          valid.documents[1]!,
          { ...valid.documents[1]!, sectionKey: 'bank_proof' },
        ],
      },
      400,
      'invalid_document',
    );
    expect(moved.fields).toEqual({ 'documents.2': 'This file is listed more than once' });
    const idCopy = await uploadDocument(t, 'certified_id');
    const elsewhere = await refused(
      {
        ...valid,
        documents: [
          valid.documents[0]!,
          valid.documents[1]!,
          { ...idCopy, sectionKey: 'bank_proof' },
        ],
      },
      400,
      'invalid_document',
    );
    expect(elsewhere.fields).toEqual({
      'documents.2': 'This file was uploaded for another document section',
    });
  });

  it('answers 409 upload_already_used for an upload another submission spent', async () => {
    const spent = await submitApplication(t);
    await created(spent.response);
    before += 1;
    const error = await refused(
      {
        ...valid,
        documents: [valid.documents[0]!, spent.payload.documents[1]!, valid.documents[2]!],
      },
      409,
      'upload_already_used',
    );
    expect(error.fields).toEqual({
      'documents.1': 'This file already belongs to another submission. Please upload it again.',
    });
  });

  it('refuses an unusable Idempotency-Key header', async () => {
    await refused(valid, 400, 'invalid_idempotency_key', { 'Idempotency-Key': 'k'.repeat(201) });
  });

  it('refuses an oversized request body', async () => {
    const res = await t.request('/api/submissions', {
      method: 'POST',
      body: JSON.stringify({ ...valid, padding: 'x'.repeat(3 * 1024 * 1024) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(errorBody.parse(await res.json()).error.code).toBe('request_too_large');
  });
});

describe('POST /api/submissions: Idempotency-Key', () => {
  it('answers a retry with the first answer and creates nothing new', async () => {
    const payload = await buildApplication(t);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const first = await created(await postSubmission(t, payload, headers));
    const count = await t.deps.db.$count(submissions);
    const retry = await postSubmission(t, payload, headers);
    expect(retry.status).toBe(201);
    expect(submitResponse.parse(await retry.json())).toEqual(first);
    expect(await t.deps.db.$count(submissions)).toBe(count);

    const changed = await postSubmission(
      t,
      { ...payload, submission: { ...payload.submission, additionalNotes: 'different' } },
      headers,
    );
    expect(changed.status).toBe(422);
    expect(errorBody.parse(await changed.json()).error).toEqual({
      code: 'idempotency_key_reused',
      message:
        'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    });
    expect(await t.deps.db.$count(submissions)).toBe(count);
  });

  it('creates exactly one submission from concurrent duplicates', async () => {
    const payload = await buildApplication(t);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const count = await t.deps.db.$count(submissions);
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => created(await postSubmission(t, payload, headers))),
    );
    expect(new Set(answers.map((a) => a.trackingToken)).size).toBe(1);
    expect(await t.deps.db.$count(submissions)).toBe(count + 1);
    expect(
      await t.deps.db.$count(idempotencyKeys, eq(idempotencyKeys.key, headers['Idempotency-Key'])),
    ).toBe(1);
  });

  it('does not bind the key to a refused request, so the fixed request can reuse it', async () => {
    const payload = await buildApplication(t);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const missing = {
      ...payload,
      documents: payload.documents.map((d, i) =>
        i === 0
          ? {
              ...d,
              url: 'http://localhost:8787/api/storage/uploads/00000000-0000-4000-8000-000000000001',
            }
          : d,
      ),
    };
    expect((await postSubmission(t, missing, headers)).status).toBe(409);
    expect((await postSubmission(t, payload, headers)).status).toBe(201);
  });
});

describe('POST /api/submissions: concurrency', () => {
  it('accepts 30 concurrent submissions with 30 distinct tracking tokens', async () => {
    const count = await t.deps.db.$count(submissions);
    const payloads = await Promise.all(Array.from({ length: 30 }, () => buildApplication(t)));
    const answers = await Promise.all(
      payloads.map(async (payload) => created(await postSubmission(t, payload))),
    );
    const tokens = new Set(answers.map((a) => a.trackingToken));
    expect(tokens.size).toBe(30);
    expect(await t.deps.db.$count(submissions)).toBe(count + 30);
    const views = await Promise.all([...tokens].map(track));
    expect(views.every((v) => v.documents.length === 3 && v.medicalAidStatuses.length === 3)).toBe(
      true,
    );
  });

  it('keeps one practitioner for submissions with the same new e-mail sent together', async () => {
    const email = `same.person.${crypto.randomUUID()}@example.co.za`;
    const payloads = await Promise.all(
      Array.from({ length: 5 }, () =>
        buildApplication(t, { practitioner: { email, idNumber: '' } }),
      ),
    );
    const responses = await Promise.all(payloads.map((payload) => postSubmission(t, payload)));
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 201));
    expect(await t.deps.db.$count(practitioners, eq(practitioners.email, email))).toBe(1);
  });

  it('lets only one of two concurrent submissions spend the same uploads', async () => {
    const payload = await buildApplication(t);
    const other = {
      ...payload,
      practitioner: { ...payload.practitioner, email: 'other@example.co.za' },
    };
    const [a, b] = await Promise.all([postSubmission(t, payload), postSubmission(t, other)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(errorBody.parse(await loser.json()).error.code).toBe('upload_already_used');
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

describe('a restart', () => {
  it('keeps submissions, files, tracking and idempotent answers', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-submissions-restart-'));
    try {
      const first = await createTestApp({ dataDir, clock });
      const payload = await buildApplication(first);
      const headers = { 'Idempotency-Key': crypto.randomUUID() };
      const answer = submitResponse.parse(
        await (await postSubmission(first, payload, headers)).json(),
      );
      const before = trackingResponse.parse(
        await (await first.request(`/api/submissions/${answer.trackingToken}`)).json(),
      );
      await first.stop();

      const second = await createTestApp({ dataDir, clock });
      try {
        const after = await second.request(`/api/submissions/${answer.trackingToken}`);
        expect(trackingResponse.parse(await after.json())).toEqual(before);
        const retry = await postSubmission(second, payload, headers);
        expect(retry.status).toBe(201);
        expect(submitResponse.parse(await retry.json())).toEqual(answer);
        expect(await second.deps.db.$count(submissions)).toBe(1);
        for (const doc of payload.documents) {
          expect(await second.deps.store.head(objectKeyFromUploadUrl(doc.url)!)).not.toBeNull();
        }
        const reused = await postSubmission(second, payload);
        expect(reused.status).toBe(409);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
