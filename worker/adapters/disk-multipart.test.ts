// The disk store keeps the shared part protocol, parts going through the app's own signed part
// URLs (routes/storage.ts) as a browser's would.
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { partProtocolContract } from './part-protocol-contract.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

partProtocolContract('disk store', () => ({
  store: t.deps.store,
  async sendPart(url, bytes) {
    const response = await t.request(url, {
      method: 'PUT',
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(bytes.byteLength) },
    });
    await response.arrayBuffer();
    return { status: response.status, etag: response.headers.get('ETag') };
  },
  async readObject(key) {
    const object = await t.deps.store.get(key);
    return object ? new Uint8Array(await new Response(object.body).arrayBuffer()) : null;
  },
}));
