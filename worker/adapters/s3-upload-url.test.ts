// An R2 upload URL signed for the declared file, sent as a browser sends it to the local
// stand-in for R2 (decision 083), which checks the V4 signature with AWS's own signer: what
// R2 refuses is refused here, with R2's statuses.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_S3_KEY, startObjectServer } from '../workers-local/object-server.ts';
import { presignUpload, signedPutHeaders } from './s3-upload-url.ts';

let server: Awaited<ReturnType<typeof startObjectServer>>;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-r2-put-'));
  server = await startObjectServer({
    dir,
    port: 0,
    bucketName: 'portal',
    pageOrigins: ['http://127.0.0.1:9'],
  });
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const bytes = new TextEncoder().encode('%PDF-1.4 abc');
const file = { contentType: 'application/pdf', size: bytes.byteLength };
const url = (key: string) =>
  presignUpload(
    { ...LOCAL_S3_KEY, objectUrl: `${server.origin}/portal/uploads/${key}` },
    3600,
    file,
  );
const put = (signed: string, headers: Record<string, string>, body: Uint8Array = bytes) =>
  fetch(signed, { method: 'PUT', headers, body: body as Uint8Array<ArrayBuffer> });
const code = async (res: Response) => /<Code>([^<]+)<\/Code>/.exec(await res.text())?.[1];

describe('an upload URL signed for the declared file', () => {
  it('signs its size, type and If-None-Match, and takes exactly that PUT once', async () => {
    const signed = await url('a');
    expect(new URL(signed).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host;if-none-match',
    );
    const { 'Content-Length': _set, ...headers } = signedPutHeaders(file);
    const first = await put(signed, headers);
    expect(first.status).toBe(200);
    expect(first.headers.get('ETag')).toMatch(/^"[0-9a-f]{32}"$/);
    // R2's 412 to a second PUT onto the object: nothing is overwritten.
    const again = await put(signed, headers, new TextEncoder().encode('%PDF-1.4 xyz'));
    expect(again.status).toBe(412);
    expect(await code(again)).toBe('PreconditionFailed');
  });

  it('is refused for another size, another type, or without If-None-Match (403)', async () => {
    const signed = await url('b');
    const { 'Content-Length': _set, ...headers } = signedPutHeaders(file);
    const longer = await put(signed, headers, new TextEncoder().encode('%PDF-1.4 abcd'));
    expect(longer.status).toBe(403);
    expect(await code(longer)).toBe('SignatureDoesNotMatch');
    const html = await put(signed, { ...headers, 'Content-Type': 'text/html' });
    expect(await code(html)).toBe('SignatureDoesNotMatch');
    const { 'If-None-Match': _dropped, ...overwriting } = headers;
    expect(await code(await put(signed, overwriting))).toBe('SignatureDoesNotMatch');
    // None of them stored anything: the right PUT still goes in.
    expect((await put(signed, headers)).status).toBe(200);
  });

  it('refuses a URL whose signature was tampered with', async () => {
    const signed = new URL(await url('c'));
    signed.searchParams.set('X-Amz-Expires', '604800');
    const { 'Content-Length': _set, ...headers } = signedPutHeaders(file);
    expect(await code(await put(signed.toString(), headers))).toBe('SignatureDoesNotMatch');
  });

  it('signed for the host only (nothing declared), takes any size: tickets for R2 declare', async () => {
    const hostOnly = (key: string) =>
      presignUpload({ ...LOCAL_S3_KEY, objectUrl: `${server.origin}/portal/uploads/${key}` }, 60);
    const signed = await hostOnly('d');
    expect(new URL(signed).searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    const res = await put(signed, { 'Content-Type': 'text/html' }, new Uint8Array(4096));
    expect(res.status).toBe(200);
    // A streamed body without Content-Length: R2 answers 411.
    const chunked = await fetch(await hostOnly('e'), {
      method: 'PUT',
      body: new Blob([bytes]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(411);
  });
});
