// The local stand-in for R2 (decision 095) does what R2 does where a phone meets it: a part cut
// mid-body leaves nothing and the upload resumes from the parts listed (s3rver kept the partial
// part and the listing answered 500 from then on), refusals reach a page on either loopback
// host with CORS headers, and an expired URL is refused.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PART_BYTES } from '../../schema/upload-parts.ts';
import { fileBytes } from '../adapters/part-protocol-contract.ts';
import { r2Multipart } from '../adapters/r2-multipart.ts';
import { createS3ObjectIo } from '../adapters/s3-object-io.ts';
import { presignUpload } from '../adapters/s3-upload-url.ts';
import { LOCAL_R2_BUCKET, localR2 } from '../testing/local-r2.ts';
import { LOCAL_S3_KEY } from './object-server.ts';

const PAGES = ['http://127.0.0.1:9150', 'http://localhost:9150'];
let clockOffset = 0;
const r2 = localR2({ pageOrigins: PAGES, now: () => new Date(Date.now() + clockOffset) });

/** PUTs the first `sent` bytes of `bytes` to url, then cuts the connection. */
function cutMidBody(url: string, bytes: Uint8Array, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'PUT',
      headers: { 'Content-Length': String(bytes.byteLength) },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(bytes.subarray(0, sent), () => setTimeout(() => req.destroy(), 50));
  });
}

describe('the local stand-in for R2', () => {
  it('keeps nothing of a part cut mid-body and lists the parts it holds, so the upload resumes', async () => {
    const store = r2Multipart(r2.s3);
    const key = `uploads/${crypto.randomUUID()}`;
    const bytes = fileBytes(PART_BYTES + 1_000_000, 11);
    const parts = [
      bytes.slice(0, PART_BYTES),
      bytes.slice(PART_BYTES),
    ] as Uint8Array<ArrayBuffer>[];
    const uploadId = await store.createMultipartUpload(key, { contentType: 'application/pdf' });
    const partUrl = (n: number) =>
      store.createPartUploadUrl(key, uploadId, {
        partNumber: n,
        size: parts[n - 1]!.byteLength,
        expiresInSeconds: 600,
      });
    const first = await fetch(await partUrl(1), { method: 'PUT', body: parts[0]! });
    expect(first.status).toBe(200);
    const etag1 = first.headers.get('ETag')!;
    // Part 2's connection drops half way (a phone losing signal).
    await cutMidBody(await partUrl(2), parts[1]!, 500_000);
    // The device asks what arrived, in place and after a reload alike: part 1 only.
    const listed = await store.listParts(key, uploadId);
    expect(listed).toEqual([{ partNumber: 1, etag: etag1, size: PART_BYTES }]);
    expect(await store.listParts(key, uploadId)).toEqual(listed);
    const second = await fetch(await partUrl(2), { method: 'PUT', body: parts[1]! });
    expect(second.status).toBe(200);
    const done = await store.completeMultipartUpload(key, uploadId, [
      { partNumber: 1, etag: etag1 },
      { partNumber: 2, etag: second.headers.get('ETag')! },
    ]);
    expect(done.size).toBe(bytes.byteLength);
    const back = await fetch(await r2.s3.presign('GET', key, 60));
    expect(Buffer.compare(Buffer.from(await back.arrayBuffer()), Buffer.from(bytes))).toBe(0);
  });

  it('keeps nothing of a single PUT cut mid-body', async () => {
    const key = `uploads/${crypto.randomUUID()}`;
    const url = await presignUpload(
      { ...LOCAL_S3_KEY, objectUrl: r2.s3.objectUrl(key).toString() },
      600,
    );
    await cutMidBody(url, fileBytes(2_000_000), 700_000);
    expect((await fetch(await r2.s3.presign('GET', key, 60))).status).toBe(404);
  });

  it('answers a preflight and a refusal from either loopback page with CORS headers', async () => {
    const url = await presignUpload(
      { ...LOCAL_S3_KEY, objectUrl: r2.s3.objectUrl('uploads/cors').toString() },
      600,
      { contentType: 'application/pdf', size: 10 },
    );
    for (const origin of PAGES) {
      const pre = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'content-type,if-none-match',
        },
      });
      expect(pre.status).toBe(200);
      expect(pre.headers.get('Access-Control-Allow-Origin')).toBe(origin);
      // A wrong size: R2's 403, readable by the page.
      const refused = await fetch(url, {
        method: 'PUT',
        headers: { Origin: origin, 'Content-Type': 'application/pdf', 'If-None-Match': '*' },
        body: new Uint8Array(11),
      });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('Access-Control-Allow-Origin')).toBe(origin);
      expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    const foreign = await fetch(url, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'PUT' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('refuses a URL past its expiry (403, with CORS), and one without a signature', async () => {
    const url = await presignUpload(
      { ...LOCAL_S3_KEY, objectUrl: r2.s3.objectUrl('uploads/late').toString() },
      3600,
      { contentType: 'application/pdf', size: 4 },
    );
    const send = () =>
      fetch(url, {
        method: 'PUT',
        headers: { Origin: PAGES[1]!, 'Content-Type': 'application/pdf', 'If-None-Match': '*' },
        body: new Uint8Array(4),
      });
    clockOffset = 3601_000;
    try {
      const late = await send();
      expect(late.status).toBe(403);
      expect(late.headers.get('Access-Control-Allow-Origin')).toBe(PAGES[1]);
      expect(await late.text()).toContain('Request has expired');
    } finally {
      clockOffset = 0;
    }
    expect((await send()).status).toBe(200);
    const bare = await fetch(r2.s3.objectUrl('uploads/late'));
    expect(bare.status).toBe(403);
  });

  it('takes a download URL whose file name has a space (signed and sent as %20)', async () => {
    const key = `uploads/${crypto.randomUUID()}`;
    const url = await presignUpload(
      { ...LOCAL_S3_KEY, objectUrl: r2.s3.objectUrl(key).toString() },
      600,
    );
    expect((await fetch(url, { method: 'PUT', body: 'hello' })).status).toBe(200);
    const download = await r2.s3.presign('GET', key, 60, {
      'response-content-disposition': 'attachment; filename="a b.pdf"',
    });
    const res = await fetch(download);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="a b.pdf"');
  });

  it('shows an object whole or not at all to reads and listings beside its write, as R2 does', async () => {
    const io = createS3ObjectIo({
      s3Origin: r2.origin,
      bucketName: LOCAL_R2_BUCKET,
      ...LOCAL_S3_KEY,
    });
    const bytes = fileBytes(1_000_000, 3);
    const seen = new Map<string, number>();
    const note = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
    const size = (found: { size: number } | null) =>
      found === null ? 'absent' : found.size === bytes.byteLength ? 'whole' : `${found.size} bytes`;
    for (let round = 0; round < 8; round++) {
      const keys = Array.from({ length: 4 }, () => `uploads/${crypto.randomUUID()}`);
      let writing = true;
      const writes = Promise.all(
        keys.map((key) =>
          io.put(key, new Blob([bytes as Uint8Array<ArrayBuffer>]).stream(), {
            contentType: 'application/pdf',
            maxBytes: bytes.byteLength,
            length: bytes.byteLength,
          }),
        ),
      ).finally(() => {
        writing = false;
      });
      // HEADs of each key and listings of the bucket (a backup's walk) until the writes end.
      while (writing) {
        await Promise.all([
          ...keys.map((key) =>
            io.head(key).then(
              (found) => note(`HEAD ${size(found)}`),
              (error: Error) => note(`HEAD failed: ${error.message}`),
            ),
          ),
          (async () => {
            for await (const object of io.list()) {
              if (keys.includes(object.key)) note(`listed ${size(object)}`);
            }
          })().catch((error: Error) => note(`listing failed: ${error.message}`)),
        ]);
      }
      await writes;
    }
    const allowed = ['HEAD absent', 'HEAD whole', 'listed whole'];
    expect([...seen.keys()].filter((what) => !allowed.includes(what))).toEqual([]);
    expect(seen.get('HEAD whole')).toBeGreaterThan(0);
  });
});
