// An R2 upload URL signed for the declared file. s3rver (a local S3-compatible server) takes the
// PUT as a browser sends it, but does not verify V4 signatures nor honour If-None-Match, so
// what R2 refuses is shown the way S3 and R2 verify a presigned URL: the signature recomputed
// over the request actually sent, compared with the one in the URL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presignUpload, signedPutHeaders } from './s3-upload-url.ts';

const KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let server: S3rver;
let dir: string;
let origin: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 's3rver-put-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'portal', configs: [] }],
  });
  origin = `http://127.0.0.1:${(await server.run()).port}`;
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Would S3/R2 accept this PUT to url? Its signature, recomputed over the headers sent. */
async function accepted(url: string, sent: Record<string, string>): Promise<boolean> {
  const given = new URL(url);
  const signedNames = given.searchParams.get('X-Amz-SignedHeaders')!.split(';');
  const headers = Object.fromEntries(
    Object.entries(sent)
      .map(([name, value]) => [name.toLowerCase(), value] as const)
      .filter(([name]) => signedNames.includes(name)),
  );
  // A signed header the request lacks cannot match.
  if (signedNames.some((name) => name !== 'host' && !(name in headers))) return false;
  const unsigned = new URL(url);
  unsigned.searchParams.delete('X-Amz-Signature');
  const again = await new AwsV4Signer({
    ...KEY,
    method: 'PUT',
    url: unsigned.toString(),
    headers,
    service: 's3',
    region: 'auto',
    signQuery: true,
    allHeaders: true,
    datetime: given.searchParams.get('X-Amz-Date')!,
  }).sign();
  return (
    again.url.searchParams.get('X-Amz-Signature') === given.searchParams.get('X-Amz-Signature')
  );
}

describe('an upload URL signed for the declared file', () => {
  const file = { contentType: 'application/pdf', size: 12 };
  const url = (key: string) =>
    presignUpload({ ...KEY, objectUrl: `${origin}/portal/uploads/${key}` }, 3600, file);

  it('signs its size, type and If-None-Match, and takes exactly that PUT', async () => {
    const signed = await url('a');
    expect(new URL(signed).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host;if-none-match',
    );
    expect(await accepted(signed, signedPutHeaders(file))).toBe(true);
    const bytes = new TextEncoder().encode('%PDF-1.4 abc');
    const put = await fetch(signed, {
      method: 'PUT',
      headers: { 'Content-Type': file.contentType, 'If-None-Match': '*' },
      body: bytes,
    });
    expect(put.status).toBe(200);
    const stored = await fetch(`${origin}/portal/uploads/a`);
    expect(new Uint8Array(await stored.arrayBuffer())).toEqual(bytes);
  });

  it('is refused for an oversized body, another type, or without If-None-Match', async () => {
    const signed = await url('b');
    const exact = signedPutHeaders(file);
    expect(await accepted(signed, { ...exact, 'Content-Length': '13' })).toBe(false);
    expect(await accepted(signed, { ...exact, 'Content-Length': '104857600' })).toBe(false);
    expect(await accepted(signed, { ...exact, 'Content-Type': 'text/html' })).toBe(false);
    const { 'If-None-Match': _dropped, ...overwriting } = exact;
    expect(await accepted(signed, overwriting)).toBe(false);
  });

  it('signs the host only when nothing was declared (an older client)', async () => {
    const signed = await presignUpload({ ...KEY, objectUrl: `${origin}/portal/uploads/c` }, 60);
    expect(new URL(signed).searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(await accepted(signed, { 'Content-Length': '999' })).toBe(true);
  });
});
