// POST /api/submissions refused before any file is looked at: the payload's fields, the body,
// the scheme selection, the terms, the sections and their file counts, and the headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import { submissions } from '../../schema/db.ts';
import type { SubmitRequest } from '../../schema/submission-api.ts';
import { buildApplication, saIdNumber, uploadDocument } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { expectNothingWritten, refused } from '../testing/submission-requests.ts';

const clock = manualClock(new Date('2026-02-02T09:30:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });
});
afterAll(() => t.dispose());

describe('POST /api/submissions: refusals', () => {
  let valid: SubmitRequest;
  let before: number;
  beforeAll(async () => {
    valid = await buildApplication(t);
    before = await t.deps.db.$count(submissions);
  });
  // None of the refused requests wrote anything, and the valid payload's uploads are unspent.
  afterAll(() => expectNothingWritten(t, valid, before));

  const withPractitioner = (patch: Record<string, unknown>) => ({
    ...valid,
    practitioner: { ...valid.practitioner, ...patch },
  });
  const withSubmission = (patch: Record<string, unknown>) => ({
    ...valid,
    submission: { ...valid.submission, ...patch },
  });

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
      'This ID number does not add up (check digit); check it for a typing mistake',
    ],
    [
      'an ID number with an impossible date',
      () => withPractitioner({ idNumber: saIdNumber('801301') }),
      'practitioner.idNumber',
      'The first six digits of an ID number are a date of birth (YYMMDD)',
    ],
    [
      'an ID number whose citizenship digit is neither 0 nor 1',
      () => withPractitioner({ idNumber: saIdNumber('800101', '5009', '2') }),
      'practitioner.idNumber',
      'The 11th digit of an ID number is 0 (citizen) or 1 (permanent resident)',
    ],
    [
      'an HPCSA number with a prefix of no HPCSA register',
      () => withSubmission({ hpcsaNumber: 'XY0123456' }),
      'submission.hpcsaNumber',
      'This is not a known HPCSA register prefix (e.g. MP, DP, PS). Registered with another council? Start with its name, e.g. AHPCSA A12345',
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
      const error = await refused(t, payload(), 400, 'invalid_request');
      expect(error.fields?.[field]).toBe(message);
      expect(error.text).not.toContain(valid.practitioner.email);
    });
  }

  it('does not echo submitted values in the error', async () => {
    const error = await refused(
      t,
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
    await refused(t, withSubmission({ practiceType: 'locum' }), 400, 'invalid_request');
  });

  it('refuses an unknown scheme, an unknown administrator and an inconsistent selection', async () => {
    const unknownScheme = await refused(
      t,
      withSubmission({ selectedSchemes: ['discovery_health_medical_scheme', 'nosuch'] }),
      400,
      'invalid_scheme_selection',
    );
    expect(unknownScheme.fields).toEqual({
      'submission.selectedSchemes': 'Unknown medical aid scheme',
    });
    const unknownParent = await refused(
      t,
      withSubmission({ selectedParents: ['discovery', 'nosuch'] }),
      400,
      'invalid_scheme_selection',
    );
    expect(Object.keys(unknownParent.fields!)).toEqual(['submission.selectedParents']);
    const inconsistent = await refused(
      t,
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
      t,
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
      t,
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
      t,
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
      t,
      { ...valid, documents: [...valid.documents, ...many] },
      400,
      'too_many_documents',
    );
    expect(error.fields).toEqual({
      'sections.certified_id': 'At most 10 files can be uploaded for Certified ID Copy',
    });
  });

  it('refuses an unusable Idempotency-Key header', async () => {
    await refused(t, valid, 400, 'invalid_idempotency_key', { 'Idempotency-Key': 'k'.repeat(201) });
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
