// POST /api/submissions refused for the files it names: uploads that are unknown, expired,
// not what their bytes claim, too large, listed twice, filed elsewhere or already spent.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions, uploadTickets } from '../../schema/db.ts';
import type { DocumentInput, SubmitRequest } from '../../schema/submission-api.ts';
import { objectKeyFromUploadUrl } from '../services/uploads/upload-tickets.ts';
import {
  buildApplication,
  postSubmission,
  submitApplication,
  uploadDocument,
} from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { created, expectNothingWritten, refused } from '../testing/submission-requests.ts';

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

  it('answers 409 upload_missing naming each document whose upload is unknown, absent or not made', async () => {
    const notUploaded = await t.request('/api/objects/upload', {
      method: 'POST',
      json: { filename: 'bank_proof_1' },
    });
    const { uploadURL } = (await notUploaded.json()) as { uploadURL: string };
    const [bhf, id, bank] = valid.documents as [DocumentInput, DocumentInput, DocumentInput];
    const error = await refused(
      t,
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
      const error = await refused(
        t,
        { ...valid, documents: [...fresh, old] },
        409,
        'upload_missing',
      );
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
      t,
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
      t,
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
      t,
      { ...valid, documents: [...valid.documents.slice(0, 2), big] },
      400,
      'invalid_document',
    );
    expect(error.fields).toEqual({ 'documents.2': 'This file is larger than the 1 MB limit' });
  });

  it('refuses the same upload listed twice or filed under another section', async () => {
    const twice = await refused(
      t,
      { ...valid, documents: [...valid.documents, valid.documents[1]!] },
      400,
      'invalid_document',
    );
    expect(twice.fields).toEqual({ 'documents.3': 'This file is listed more than once' });
    const moved = await refused(
      t,
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
      t,
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
      t,
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
});
