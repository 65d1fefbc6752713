import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import { uploadTickets } from '../../schema/db.ts';
import { objectUploadResponse } from '../../schema/upload-api.ts';
import { objectKeyFromUploadUrl, sectionFromFilename } from '../services/uploads/upload-tickets.ts';
import { CONTENT_TYPE, fixtureBytes, pdfBytes } from '../testing/file-fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '40' } });
});
afterAll(() => t.dispose());

async function ticket(filename: unknown, client = 'uploader') {
  return t.request('/api/objects/upload', {
    method: 'POST',
    json: { filename },
    client,
  });
}

async function uploadUrlFor(sectionKey: string) {
  const res = await ticket(`${sectionKey}_1737280000000`);
  expect(res.status).toBe(200);
  return objectUploadResponse.parse(await res.json()).uploadURL;
}

function put(
  url: string,
  body: Uint8Array<ArrayBuffer>,
  contentType: string,
  headers: Record<string, string> = {},
) {
  return t.request(url, {
    method: 'PUT',
    body,
    headers: { 'Content-Type': contentType, ...headers },
  });
}

describe('POST /api/objects/upload', () => {
  it('issues a ticket with a server-made key, the section types, a 100 MB cap and a 1-hour expiry', async () => {
    const url = new URL(await uploadUrlFor('certified_id'));
    expect(url.origin).toBe('http://localhost:8787');
    const key = objectKeyFromUploadUrl(url.toString());
    expect(key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    expect(url.pathname).toBe(`/api/storage/${key}`);
    expect(url.searchParams.get('types')).toBe('application/pdf,image/jpeg,image/png');
    expect(url.searchParams.get('max')).toBe('104857600');
    expect(Number(url.searchParams.get('expires'))).toBe(clock.now().getTime() / 1000 + 3600);

    const [row] = await t.deps.db
      .select()
      .from(uploadTickets)
      .where(eq(uploadTickets.objectKey, key!));
    expect(row).toMatchObject({
      purpose: 'submission_document',
      sectionKey: 'certified_id',
      requestedName: 'certified_id_1737280000000',
      maxBytes: 104_857_600,
      usedAt: null,
    });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(3_600_000);
    expect(row!.clientKey).not.toContain('uploader');
  });

  it('gives every ticket its own key', async () => {
    const urls = await Promise.all([1, 2, 3].map(() => uploadUrlFor('bank_proof')));
    expect(new Set(urls.map(objectKeyFromUploadUrl)).size).toBe(3);
  });

  it('accepts DOC and DOCX only for the BHF form section', async () => {
    const bhf = await uploadUrlFor('bhf_form');
    expect(new URL(bhf).searchParams.get('types')?.split(',')).toEqual([
      'application/pdf',
      'image/jpeg',
      'image/png',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ]);
    expect((await put(bhf, fixtureBytes('docx'), CONTENT_TYPE.docx)).status).toBe(200);
    expect(
      (await put(await uploadUrlFor('bhf_form'), fixtureBytes('doc'), CONTENT_TYPE.doc)).status,
    ).toBe(200);

    const id = await uploadUrlFor('certified_id');
    const refused = await put(id, fixtureBytes('docx'), CONTENT_TYPE.docx);
    expect(refused.status).toBe(415);
    expect(errorBody.parse(await refused.json()).error.code).toBe('unsupported_type');
    expect(await t.deps.store.head(objectKeyFromUploadUrl(id)!)).toBeNull();
    expect((await put(id, fixtureBytes('jpeg'), CONTENT_TYPE.jpeg)).status).toBe(200);
    expect(
      (await put(await uploadUrlFor('certified_id'), fixtureBytes('png'), CONTENT_TYPE.png)).status,
    ).toBe(200);
  });

  it('refuses an unknown section with a clear message', async () => {
    for (const filename of ['passport_1737280000000', 'bank_proofs_1', 'BANK_PROOF_1', '_1']) {
      const res = await ticket(filename);
      expect(res.status).toBe(400);
      expect(errorBody.parse(await res.json()).error).toEqual({
        code: 'unknown_section',
        message:
          'The filename must start with a document section key, e.g. certified_id_1737280000000.',
        fields: { filename: 'Unknown document section' },
      });
    }
  });

  it('takes a declared size and type, refusing a type the section does not accept or an oversized file', async () => {
    const declare = (json: Record<string, unknown>) =>
      t.request('/api/objects/upload', {
        method: 'POST',
        json: { filename: 'certified_id_1737280000000', ...json },
        client: 'declarer',
      });
    expect((await declare({ size: 1234, contentType: 'application/pdf' })).status).toBe(200);
    const wrongType = await declare({ size: 1234, contentType: 'text/html' });
    expect(wrongType.status).toBe(400);
    expect(errorBody.parse(await wrongType.json()).error.code).toBe('unsupported_type');
    const tooBig = await declare({ size: 104_857_601, contentType: 'application/pdf' });
    expect(tooBig.status).toBe(400);
    expect(errorBody.parse(await tooBig.json()).error.message).toContain('100 MB');
  });

  it('refuses a missing, empty, overlong or non-JSON filename', async () => {
    for (const body of [
      {},
      { filename: '' },
      { filename: '   ' },
      { filename: 7 },
      { filename: 'x'.repeat(201) },
    ]) {
      const res = await t.request('/api/objects/upload', { method: 'POST', json: body });
      expect(res.status).toBe(400);
      expect(errorBody.parse(await res.json()).error.code).toBe('invalid_request');
    }
    const broken = await t.request('/api/objects/upload', {
      method: 'POST',
      body: '{"filename":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(errorBody.parse(await broken.json()).error.code).toBe('invalid_request');
  });

  it('refuses a second PUT to the same ticket and keeps the first file', async () => {
    const url = await uploadUrlFor('bank_proof');
    const first = pdfBytes('first');
    expect((await put(url, first, 'application/pdf')).status).toBe(200);
    const again = await put(url, pdfBytes('second, longer'), 'application/pdf');
    expect(again.status).toBe(412);
    expect((await again.json()).error.code).toBe('already_uploaded');
    expect((await t.deps.store.head(objectKeyFromUploadUrl(url)!))?.size).toBe(first.byteLength);
  });

  it('refuses a body declared over 100 MB before reading it', async () => {
    const url = await uploadUrlFor('bank_proof');
    const res = await put(url, pdfBytes(), 'application/pdf', { 'Content-Length': '104857601' });
    expect(res.status).toBe(413);
    expect(await t.deps.store.head(objectKeyFromUploadUrl(url)!)).toBeNull();
  });

  it('refuses a PUT after the ticket expired and a tampered URL', async () => {
    const url = await uploadUrlFor('bank_proof');
    const tampered = new URL(url);
    tampered.searchParams.set('types', 'text/html');
    expect((await put(tampered.toString(), pdfBytes(), 'text/html')).status).toBe(403);
    const bigger = new URL(url);
    bigger.searchParams.set('max', '999999999999');
    expect((await put(bigger.toString(), pdfBytes(), 'application/pdf')).status).toBe(403);

    clock.advance(3600_000 + 1000);
    const late = await put(url, pdfBytes(), 'application/pdf');
    expect(late.status).toBe(403);
    expect(errorBody.parse(await late.json()).error.code).toBe('url_expired');
  });

  it('limits tickets per client per hour with a 429 and Retry-After', async () => {
    const limited = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '3' } });
    try {
      const ask = (client: string) =>
        limited.request('/api/objects/upload', {
          method: 'POST',
          json: { filename: 'bank_proof_1' },
          client,
        });
      for (let i = 0; i < 3; i++) expect((await ask('10.0.0.1')).status).toBe(200);
      const refused = await ask('10.0.0.1');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(errorBody.parse(await refused.json()).error.code).toBe('rate_limited');
      expect((await ask('10.0.0.2')).status).toBe(200);
      clock.advance(3600_000);
      expect((await ask('10.0.0.1')).status).toBe(200);
    } finally {
      await limited.dispose();
    }
  });
});

describe('upload ticket helpers', () => {
  it('takes the longest known section key that prefixes the filename', () => {
    expect(sectionFromFilename('certified_id_1737280000000')?.key).toBe('certified_id');
    expect(sectionFromFilename('practice_number_1737280000000')?.key).toBe('practice_number');
    expect(sectionFromFilename('discovery_pack-17.pdf')?.key).toBe('discovery_pack');
    expect(sectionFromFilename('bhf_form')?.key).toBe('bhf_form');
    expect(sectionFromFilename('bhf_formal_1')).toBeUndefined();
    expect(sectionFromFilename('unknown_1')).toBeUndefined();
  });

  it('finds the object key in a disk-store URL, an R2 presigned URL or a bare key', () => {
    const key = 'uploads/0b7c6f3e-4d8a-4f3b-9c1e-2a5d6e7f8a9b';
    expect(
      objectKeyFromUploadUrl(`http://localhost:8787/api/storage/${key}?expires=1&signature=x`),
    ).toBe(key);
    expect(
      objectKeyFromUploadUrl(
        `https://acc.r2.cloudflarestorage.com/portal/${key}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=ab`,
      ),
    ).toBe(key);
    expect(objectKeyFromUploadUrl(key)).toBe(key);
    expect(objectKeyFromUploadUrl(`/api/storage/${key}/../../etc`)).toBeNull();
    expect(objectKeyFromUploadUrl('https://evil.example/uploads/not-a-uuid')).toBeNull();
    expect(objectKeyFromUploadUrl('http://[bad')).toBeNull();
  });
});
