// Resumable uploads in parts through the API (docs/decisions/063-resumable-uploads.md), on the
// real app, libSQL file and disk store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import {
  multipartCompleteResponse,
  multipartPartsResponse,
  multipartPartUrlsResponse,
  multipartStartResponse,
} from '../../schema/upload-api.ts';
import { PART_BYTES } from '../../schema/upload-parts.ts';
import { fileBytes } from '../adapters/part-protocol-contract.ts';
import { UploadNotFoundError } from '../ports.ts';
import { runMaintenance } from '../services/maintenance/maintenance.ts';
import { objectKeyFromUploadUrl } from '../services/uploads/upload-tickets.ts';
import { buildApplication, postSubmission } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { UPLOAD_RATE_LIMIT: '100' } });
});
afterAll(() => t.dispose());

/** A PDF of `size` bytes: a real header, then filler. */
function pdfOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = fileBytes(size, size) as Uint8Array<ArrayBuffer>;
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'), 0);
  return bytes;
}

async function start(size: number, section = 'certified_id', contentType = 'application/pdf') {
  return t.request('/api/objects/multipart', {
    method: 'POST',
    json: { filename: `${section}_1737280000000`, size, contentType },
  });
}

async function started(size: number, section?: string) {
  const res = await start(size, section);
  expect(res.status).toBe(201);
  return multipartStartResponse.parse(await res.json());
}

async function partUrls(uploadId: string, partNumbers: number[]) {
  return t.request(`/api/objects/multipart/${uploadId}/part-urls`, {
    method: 'POST',
    json: { partNumbers },
  });
}

async function sendPart(uploadId: string, bytes: Uint8Array, n: number, body?: Uint8Array) {
  const res = await partUrls(uploadId, [n]);
  expect(res.status).toBe(200);
  const [part] = multipartPartUrlsResponse.parse(await res.json()).parts;
  const chunk = body ?? bytes.subarray((n - 1) * PART_BYTES, (n - 1) * PART_BYTES + part!.size);
  const put = await t.request(part!.url, {
    method: 'PUT',
    body: chunk as Uint8Array<ArrayBuffer>,
    headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(chunk.byteLength) },
  });
  return { status: put.status, etag: put.headers.get('ETag'), json: await put.json() };
}

const complete = (uploadId: string, parts: { partNumber: number; etag: string }[]) =>
  t.request(`/api/objects/multipart/${uploadId}/complete`, { method: 'POST', json: { parts } });

async function listed(uploadId: string) {
  const res = await t.request(`/api/objects/multipart/${uploadId}/parts`);
  expect(res.status).toBe(200);
  return multipartPartsResponse.parse(await res.json()).parts;
}

describe('uploads in parts', () => {
  it('starts, takes parts, lists them, completes; a submission uses the result like a single PUT', async () => {
    const size = 2 * PART_BYTES + 4321;
    const bytes = pdfOfSize(size);
    const { uploadId, partSize, partCount } = await started(size);
    expect(partSize).toBe(PART_BYTES);
    expect(partCount).toBe(3);
    const etags = [];
    for (const n of [1, 2, 3]) {
      const part = await sendPart(uploadId, bytes, n);
      expect(part.status).toBe(200);
      etags.push({ partNumber: n, etag: part.etag! });
    }
    expect((await listed(uploadId)).map((p) => [p.partNumber, p.size, p.etag])).toEqual(
      etags.map((e, i) => [e.partNumber, i < 2 ? PART_BYTES : 4321, e.etag]),
    );
    const res = await complete(uploadId, etags);
    expect(res.status).toBe(200);
    const { url, size: stored } = multipartCompleteResponse.parse(await res.json());
    expect(stored).toBe(size);
    const key = objectKeyFromUploadUrl(url)!;
    expect(key).toBe(`uploads/${uploadId}`);
    const object = await t.deps.store.get(key);
    expect(
      Buffer.compare(
        Buffer.from(await new Response(object!.body).arrayBuffer()),
        Buffer.from(bytes),
      ),
    ).toBe(0);
    // A lost answer: completing again says the same.
    expect(
      multipartCompleteResponse.parse(await (await complete(uploadId, etags)).json()).url,
    ).toBe(url);

    const payload = await buildApplication(t);
    const id = payload.documents.findIndex((d) => d.sectionKey === 'certified_id');
    payload.documents[id] = { ...payload.documents[id]!, url, size };
    expect((await postSubmission(t, payload)).status).toBe(201);
  });

  it('refuses to complete while a part is missing, naming it, and stores nothing', async () => {
    const size = PART_BYTES + 10;
    const bytes = pdfOfSize(size);
    const { uploadId } = await started(size);
    const first = await sendPart(uploadId, bytes, 1);
    const res = await complete(uploadId, [{ partNumber: 1, etag: first.etag! }]);
    expect(res.status).toBe(409);
    const { error } = errorBody.parse(await res.json());
    expect(error.code).toBe('parts_missing');
    expect(error.message).toContain('(2)');
    expect(await t.deps.store.head(`uploads/${uploadId}`)).toBeNull();
    const second = await sendPart(uploadId, bytes, 2);
    const done = await complete(uploadId, [
      { partNumber: 1, etag: first.etag! },
      { partNumber: 2, etag: second.etag! },
    ]);
    expect(done.status).toBe(200);
  });

  it('refuses a part of another size than signed, keeping nothing of it', async () => {
    const size = PART_BYTES + 10;
    const { uploadId } = await started(size);
    const tooBig = await sendPart(uploadId, new Uint8Array(0), 2, pdfOfSize(11));
    expect(tooBig.status).toBe(400);
    expect(tooBig.json.error.code).toBe('wrong_part_size');
    const tooSmall = await sendPart(uploadId, new Uint8Array(0), 2, pdfOfSize(9));
    expect(tooSmall.status).toBe(400);
    expect(await listed(uploadId)).toEqual([]);
  });

  it('answers unknown uploads and parts with clear 4xx messages', async () => {
    for (const id of [crypto.randomUUID(), 'not-an-id', '..%2F..%2Fetc']) {
      const res = await t.request(`/api/objects/multipart/${id}/parts`);
      expect(res.status).toBe(404);
      expect(errorBody.parse(await res.json()).error.code).toBe('upload_not_found');
    }
    const { uploadId } = await started(PART_BYTES + 1);
    const beyond = await partUrls(uploadId, [3]);
    expect(beyond.status).toBe(400);
    expect(errorBody.parse(await beyond.json()).error.message).toBe(
      'This upload has 2 parts; there is no part 3.',
    );
    expect((await partUrls(uploadId, [0])).status).toBe(400);
    expect((await partUrls(uploadId, [10_001])).status).toBe(400);
    expect(
      (
        await partUrls(
          uploadId,
          Array.from({ length: 101 }, () => 1),
        )
      ).status,
    ).toBe(400);
  });

  it('checks the filename, the size and the type when starting', async () => {
    expect((await start(104_857_601)).status).toBe(400);
    expect((await start(0)).status).toBe(400);
    expect((await start(1.5)).status).toBe(400);
    expect((await start(PART_BYTES + 1, 'not_a_section')).status).toBe(400);
    const wrongType = await start(PART_BYTES + 1, 'certified_id', 'application/zip');
    expect(wrongType.status).toBe(415);
  });

  it('deletes a completed file whose first bytes are not an accepted type', async () => {
    const size = PART_BYTES + 5;
    const bytes = fileBytes(size, 2);
    const { uploadId } = await started(size);
    const parts = [];
    for (const n of [1, 2])
      parts.push({ partNumber: n, etag: (await sendPart(uploadId, bytes, n)).etag! });
    const res = await complete(uploadId, parts);
    expect(res.status).toBe(400);
    expect(errorBody.parse(await res.json()).error.code).toBe('invalid_file');
    expect(await t.deps.store.head(`uploads/${uploadId}`)).toBeNull();
    expect((await t.request(`/api/objects/multipart/${uploadId}/parts`)).status).toBe(404);
  });

  it('resumes after a day and a half offline: the parts sent are still there, and it completes', async () => {
    const bytes = pdfOfSize(PART_BYTES + 10);
    const { uploadId } = await started(PART_BYTES + 10);
    const first = await sendPart(uploadId, bytes, 1);
    clock.advance(36 * 3600_000);
    await runMaintenance(t.deps);
    expect((await listed(uploadId)).map((p) => p.partNumber)).toEqual([1]);
    const second = await sendPart(uploadId, bytes, 2);
    const done = await complete(uploadId, [
      { partNumber: 1, etag: first.etag! },
      { partNumber: 2, etag: second.etag! },
    ]);
    expect(done.status).toBe(200);
  });

  it('aborts on request, and the orphan sweep aborts an abandoned upload with its parts', async () => {
    const bytes = pdfOfSize(PART_BYTES + 1);
    const aborted = await started(PART_BYTES + 1);
    await sendPart(aborted.uploadId, bytes, 1);
    const del = await t.request(`/api/objects/multipart/${aborted.uploadId}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await t.request(`/api/objects/multipart/${aborted.uploadId}/parts`)).status).toBe(404);

    const abandoned = await started(PART_BYTES + 1);
    await sendPart(abandoned.uploadId, bytes, 1);
    const key = `uploads/${abandoned.uploadId}`;
    const ticket = (await t.deps.db.query.uploadTickets.findMany()).find(
      (row) => row.objectKey === key,
    );
    const multipartUploadId = ticket!.multipartUploadId!;
    expect(await t.deps.store.listParts(key, multipartUploadId)).toHaveLength(1);
    // Kept a week from its start, like a live draft's upload (decision 066).
    clock.advance(25 * 3600_000);
    await runMaintenance(t.deps);
    expect(await t.deps.store.listParts(key, multipartUploadId)).toHaveLength(1);
    clock.advance(7 * 24 * 3600_000);
    await runMaintenance(t.deps);
    await expect(t.deps.store.listParts(key, multipartUploadId)).rejects.toBeInstanceOf(
      UploadNotFoundError,
    );
  });
});
