// The R2 adapter keeps the shared part protocol on its S3 path: presigned part URLs and the
// signed create / list / complete / abort calls, against the local Workers target's object
// server (the verifying stand-in for R2, decision 083) on a random port in a temporary folder: the same createS3Access + r2Multipart the adapter
// (r2-store.ts) spreads into its store. The R2 binding only runs inside workerd; no part of the
// protocol goes through it (only putPart does, which R2 clients never reach).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { LOCAL_S3_KEY, startObjectServer } from '../workers-local/object-server.ts';
import { partProtocolContract } from './part-protocol-contract.ts';
import { createS3Access, r2Multipart } from './r2-multipart.ts';

let server: Awaited<ReturnType<typeof startObjectServer>>;
let dir: string;
let s3: ReturnType<typeof createS3Access>;
let store: ReturnType<typeof r2Multipart>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 's3rver-'));
  server = await startObjectServer({
    dir,
    port: 0,
    bucketName: 'portal',
    pageOrigins: ['http://127.0.0.1'],
  });
  s3 = createS3Access({
    bucketName: 'portal',
    accountId: 'local',
    ...LOCAL_S3_KEY,
    s3Origin: server.origin,
  });
  store = r2Multipart(s3);
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

partProtocolContract('R2 adapter (S3 API, the local object server)', () => ({
  store,
  async sendPart(url, bytes) {
    const response = await fetch(url, { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer> });
    await response.arrayBuffer();
    return { status: response.status, etag: response.headers.get('ETag') };
  },
  async readObject(key) {
    const url = await s3.presign('GET', key, 60);
    const response = await fetch(url);
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`download failed: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  },
}));
