import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSigningKey } from '../crypto/signed-urls.ts';
import { ObjectExistsError, type ObjectStore, ObjectTooLargeError, systemClock } from '../ports.ts';
import { createDiskStore, isSafeObjectKey } from './disk-store.ts';

let root: string;
let store: ObjectStore;

function streamOf(...chunks: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'disk-store-'));
  store = createDiskStore({
    root,
    publicOrigin: 'http://localhost:8787',
    signingKey: await importSigningKey('test-secret'),
    clock: systemClock,
  });
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('disk object store', () => {
  it('writes, reads, heads and deletes an object', async () => {
    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    expect(
      await store.put('a/b', streamOf(bytes), { contentType: 'image/png', maxBytes: 10 }),
    ).toEqual({
      size: 5,
      contentType: 'image/png',
    });
    expect(await store.readStart('a/b', 3)).toEqual(new Uint8Array([1, 2, 3]));
    const got = await store.get('a/b');
    expect(new Uint8Array(await new Response(got!.body).arrayBuffer())).toEqual(bytes);
    await store.delete('a/b');
    expect(await store.head('a/b')).toBeNull();
    expect(await store.get('a/b')).toBeNull();
    expect(await store.readStart('a/b', 3)).toBeNull();
  });

  it('never overwrites an existing object', async () => {
    await store.put('once', streamOf(new Uint8Array([1])), {
      contentType: 'application/pdf',
      maxBytes: 10,
    });
    await expect(
      store.put('once', streamOf(new Uint8Array([2])), {
        contentType: 'application/pdf',
        maxBytes: 10,
      }),
    ).rejects.toBeInstanceOf(ObjectExistsError);
    expect(await store.readStart('once', 1)).toEqual(new Uint8Array([1]));
  });

  it('stops past maxBytes and leaves nothing behind', async () => {
    await expect(
      store.put('big', streamOf(new Uint8Array(6), new Uint8Array(6)), {
        contentType: 'image/png',
        maxBytes: 10,
      }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await store.head('big')).toBeNull();
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a//b',
      '.hidden',
      'a/.meta',
      'a\\b',
      '',
    ]) {
      expect(isSafeObjectKey(key), key).toBe(false);
      await expect(store.head(key)).rejects.toThrow('Invalid object key');
    }
    expect(isSafeObjectKey('submissions/2026/abc-123.pdf')).toBe(true);
  });

  it("signs URLs for the request's own origin when asked to, else for publicOrigin", async () => {
    let current: string | undefined = 'http://127.0.0.1:8787';
    const anyHost = createDiskStore({
      root,
      publicOrigin: 'http://localhost:8787',
      requestOrigin: () => current,
      signingKey: await importSigningKey('test-secret'),
      clock: systemClock,
    });
    const options = { contentTypes: ['application/pdf'], maxBytes: 10, expiresInSeconds: 60 };
    expect(await anyHost.createUploadUrl('uploads/x', options)).toMatch(
      /^http:\/\/127\.0\.0\.1:8787\/api\/storage\/uploads\/x\?/,
    );
    current = undefined; // outside a request (maintenance): the configured origin
    expect(await anyHost.createUploadUrl('uploads/x', options)).toMatch(
      /^http:\/\/localhost:8787\/api\/storage\/uploads\/x\?/,
    );
  });
});
