// The upload checks where the API tests (routes/submission-files.test.ts) leave gaps: what is
// recorded for a file, which refusal wins when several apply, and the 409 after a lost race.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTickets } from '../../../schema/db.ts';
import type { DocumentInput, SubmitRequest } from '../../../schema/submission-api.ts';
import { ApiError } from '../../http.ts';
import { buildApplication, submitApplication, uploadDocument } from '../../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../../testing/harness.ts';
import { objectKeyFromUploadUrl } from '../uploads/upload-tickets.ts';
import { spentByAnotherSubmission, verifyDocuments } from './submission-documents.ts';
import { checkSections } from './submission-rules.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '2000' } });
});
afterAll(() => t.dispose());

const verify = (input: SubmitRequest) =>
  verifyDocuments(t.deps, input, checkSections(input), clock.now());

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => new Error('expected a refusal'),
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw error;
  return { status: error.status, code: error.code, fields: error.fields };
}

describe('verifying the uploads a submission names', () => {
  it('records the stored size and the type the bytes show, not what the client declared', async () => {
    const payload = await buildApplication(t);
    const [bhf, id, bank] = payload.documents as [DocumentInput, DocumentInput, DocumentInput];
    const declared = { ...bank, size: 1, type: 'image/png', name: 'bank.png' };
    const verified = await verify({ ...payload, documents: [bhf, id, declared] });
    expect(verified[2]).toEqual({
      fileName: 'bank.png',
      section: expect.objectContaining({ key: 'bank_proof' }),
      objectKey: objectKeyFromUploadUrl(bank.url),
      fileType: 'application/pdf',
      fileSize: bank.size,
      uploadedAt: clock.now(),
      // No date given for the bank letter (issue 38's validity date is optional for API clients).
      validityDate: null,
    });
    expect(bank.size).toBeGreaterThan(1);
  });

  it('reports refused files first, then spent ones, then missing ones', async () => {
    const spent = await submitApplication(t);
    expect(spent.response.status).toBe(201);
    const payload = await buildApplication(t);
    const html = new TextEncoder().encode('<html></html>');
    const refused = await uploadDocument(t, 'bank_proof', 'pdf', { bytes: html });
    const gone = {
      ...payload.documents[0]!,
      url: 'http://localhost:8787/api/storage/uploads/00000000-0000-4000-8000-000000000009',
    };
    const all = [gone, spent.payload.documents[1]!, refused];

    expect(await refusal(verify({ ...payload, documents: all }))).toEqual({
      status: 400,
      code: 'invalid_document',
      fields: { 'documents.2': 'This file is not a valid PDF, JPG or PNG file' },
    });
    const withoutRefused = [...all.slice(0, 2), payload.documents[2]!];
    expect(await refusal(verify({ ...payload, documents: withoutRefused }))).toEqual({
      status: 409,
      code: 'upload_already_used',
      fields: {
        'documents.1': 'This file already belongs to another submission. Please upload it again.',
      },
    });
    const onlyMissing = [gone, ...payload.documents.slice(1)];
    expect(await refusal(verify({ ...payload, documents: onlyMissing }))).toEqual({
      status: 409,
      code: 'upload_missing',
      fields: {
        'documents.0': 'This file was not found or its upload has expired. Please upload it again.',
      },
    });
  });

  it('takes an upload ticketed for something else than a submission document as missing', async () => {
    const payload = await buildApplication(t);
    await t.deps.db
      .update(uploadTickets)
      .set({ purpose: 'registration_form' })
      .where(eq(uploadTickets.objectKey, objectKeyFromUploadUrl(payload.documents[1]!.url)!));
    expect(await refusal(verify(payload))).toMatchObject({
      code: 'upload_missing',
      fields: { 'documents.1': expect.any(String) },
    });
  });

  it("names every type the document's section allows", async () => {
    const payload = await buildApplication(t);
    const html = new TextEncoder().encode('<html></html>');
    const bhf = await uploadDocument(t, 'bhf_form', 'pdf', { bytes: html });
    const documents = [bhf, ...payload.documents.slice(1)];
    expect((await refusal(verify({ ...payload, documents }))).fields).toEqual({
      'documents.0': 'This file is not a valid PDF, JPG, PNG, DOC or DOCX file',
    });
  });
});

describe('the answer when a concurrent submission spent the uploads first', () => {
  it('names only the documents another submission now holds', async () => {
    const payload = await buildApplication(t);
    const verified = await verify(payload);
    const other = await submitApplication(t, {
      documents: [payload.documents[0]!, ...(await buildApplication(t)).documents.slice(1)],
    });
    expect(other.response.status).toBe(201);
    const error = await spentByAnotherSubmission(t.deps.db, payload, verified);
    expect({ status: error.status, code: error.code, fields: error.fields }).toEqual({
      status: 409,
      code: 'upload_already_used',
      fields: {
        'documents.0': 'This file already belongs to another submission. Please upload it again.',
      },
    });
  });
});
