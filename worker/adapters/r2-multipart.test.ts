// The R2 adapter keeps the shared part protocol on its S3 path: presigned part URLs and the
// signed create / list / complete / abort calls, against the local Workers target's object
// server (the verifying stand-in for R2, decision 095; worker/testing/local-r2.ts): the same
// createS3Access + r2Multipart the adapter (r2-store.ts) spreads into its store. The R2 binding
// only runs inside workerd; no part of the protocol goes through it (only putPart does, which
// R2 clients never reach).
import { localR2 } from '../testing/local-r2.ts';
import { partProtocolContract } from './part-protocol-contract.ts';
import { r2Multipart } from './r2-multipart.ts';

const r2 = localR2();

partProtocolContract('R2 adapter (S3 API, the local object server)', () => ({
  store: r2Multipart(r2.s3),
  async sendPart(url, bytes) {
    const response = await fetch(url, { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer> });
    await response.arrayBuffer();
    return { status: response.status, etag: response.headers.get('ETag') };
  },
  async readObject(key) {
    const url = await r2.s3.presign('GET', key, 60);
    const response = await fetch(url);
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`download failed: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  },
}));
