// The queue's policies with the device, the API, the PUT and the compression replaced:
// retries (docs/product.md#errors), waiting offline, 'Try again' after a failed compression, held
// sections.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PutResult } from './transport.ts';

const device = new Map<string, unknown>();
vi.mock('../device-store.ts', () => ({
  DeviceStorageFullError: class extends Error {},
  getBytes: async (name: string) => (device.get(name) as ArrayBuffer | undefined)?.slice(0),
  // Copies in and out, as IndexedDB does.
  putBytes: async (name: string, bytes: ArrayBuffer) => void device.set(name, bytes.slice(0)),
  getJson: async (name: string) => device.get(name),
  putJson: async (name: string, value: unknown) => void device.set(name, value),
  remove: async (...names: string[]) => {
    for (const name of names) device.delete(name);
  },
  recordNames: async (matches: (name: string) => boolean) => [...device.keys()].filter(matches),
  // As device-store.ts: data last used more than 30 days ago goes, all of it.
  expireStaleDeviceData: async (now = Date.now()) => {
    const lastUsed = device.get('last-used') as number | undefined;
    if (lastUsed === undefined || now - lastUsed <= 30 * 24 * 60 * 60 * 1000) return false;
    device.clear();
    return true;
  },
}));

vi.mock('../api-client.ts', () => ({
  request: async () => ({ uploadURL: '/api/storage/uploads/u1?signature=s' }),
}));

const put = vi.fn<(url: string, bytes: ArrayBuffer, type: string) => Promise<PutResult>>();
vi.mock('./transport.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./transport.ts')>()),
  putBytes: (url: string, bytes: ArrayBuffer, type: string) => put(url, bytes, type),
}));

const compress = vi.fn<() => Promise<{ bytes: ArrayBuffer; type: string; name: string }>>();
vi.mock('./image-compression.ts', () => ({
  compressImage: () => compress(),
  makeThumbnail: async () => undefined,
}));

const connection = { onLine: true };
let queue: typeof import('./queue.ts');
let scheduler: typeof import('./scheduler.ts');
let store: typeof import('./store.ts');

function goOnline() {
  connection.onLine = true;
  window.dispatchEvent(new Event('online'));
}

const stageOf = (id: string) => store.uploadsSnapshot().files.find((f) => f.id === id)?.stage;

async function add(sectionKey: string, options: { type?: string; compress?: boolean } = {}) {
  const file = await queue.addFile({
    sectionKey,
    name: options.type === 'image/heic' ? 'IMG_0001.HEIC' : 'id.pdf',
    type: options.type ?? 'application/pdf',
    bytes: new Blob([new Uint8Array([1, 2, 3, 4])]),
    compress: options.compress ?? false,
  });
  return file.id;
}

beforeEach(async () => {
  vi.useFakeTimers();
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('navigator', connection);
  connection.onLine = true;
  device.clear();
  put.mockReset();
  compress.mockReset();
  vi.resetModules();
  queue = await import('./queue.ts');
  scheduler = await import('./scheduler.ts');
  store = await import('./store.ts');
  scheduler.setUploadSections(['certified_id', 'bank_proof']);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('upload queue', () => {
  it('online, a server that keeps failing is retried 10 times, then the file is in error', async () => {
    put.mockResolvedValue({ status: 503, body: null });
    const id = await add('certified_id');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(put).toHaveBeenCalledTimes(11); // the first attempt and 10 retries
    expect(store.uploadsSnapshot().files[0]).toMatchObject({
      stage: 'error',
      error: 'Upload failed',
    });
    // 'Try again' starts a fresh round.
    put.mockResolvedValue({ status: 200, body: null });
    queue.resendUpload(id);
    await vi.advanceTimersByTimeAsync(10);
    expect(stageOf(id)).toBe('done');
  });

  it('gives the retries their delays from the product rules: 0, 1, 3, 5 s, then every 5 s', async () => {
    put.mockResolvedValue({ status: 500, body: null });
    await add('certified_id');
    const calls = () => put.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10);
    expect(calls()).toBe(2); // at once, then after 0 s
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls()).toBe(3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls()).toBe(4);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls()).toBe(5);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls()).toBe(6);
  });

  it('network errors while offline are not counted: the file waits as long as it takes', async () => {
    const { NetworkError } = await import('./transport.ts');
    put.mockImplementationOnce(async () => {
      connection.onLine = false; // the connection drops during the PUT
      throw new NetworkError();
    });
    const id = await add('certified_id');
    await vi.advanceTimersByTimeAsync(10);
    expect(stageOf(id)).toBe('waiting');
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(stageOf(id)).toBe('waiting');
    expect(put).toHaveBeenCalledTimes(1);
    put.mockResolvedValue({ status: 200, body: null });
    goOnline();
    await vi.advanceTimersByTimeAsync(10);
    expect(stageOf(id)).toBe('done');
  });

  it('network errors while "online" are not counted: ever longer waits, never an error, at once when woken', async () => {
    const { NetworkError } = await import('./transport.ts');
    put.mockRejectedValue(new NetworkError());
    const id = await add('certified_id');
    // The 10 counted retries took about 40 s; an hour on, the file is still being tried.
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(stageOf(id)).toBe('waiting');
    const tries = put.mock.calls.length;
    // 1, 3, 5, 10, 20, 40, 80, 160 s, then every 5 minutes: about 20 tries in the hour.
    expect(tries).toBeGreaterThan(12);
    expect(tries).toBeLessThan(25);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(put.mock.calls.length).toBe(tries + 1);
    // The page becomes visible again or the connection changes: at once, not in 5 minutes.
    put.mockResolvedValue({ status: 200, body: null });
    const { wakeUploads } = await import('./wake.ts');
    wakeUploads();
    await vi.advanceTimersByTimeAsync(10);
    expect(stageOf(id)).toBe('done');
  });

  it("'Try again' after a failed compression compresses again instead of sending the original", async () => {
    compress.mockRejectedValueOnce(new Error('cannot decode'));
    put.mockResolvedValue({ status: 200, body: null });
    const id = await add('certified_id', { type: 'image/heic', compress: true });
    await vi.advanceTimersByTimeAsync(10);
    expect(stageOf(id)).toBe('error');
    expect(put).not.toHaveBeenCalled();

    compress.mockResolvedValueOnce({
      bytes: new Uint8Array([9, 9]).buffer,
      type: 'image/jpeg',
      name: 'IMG_0001.jpg',
    });
    queue.resendUpload(id);
    await vi.advanceTimersByTimeAsync(10);
    expect(compress).toHaveBeenCalledTimes(2);
    expect(put).toHaveBeenCalledTimes(1);
    expect(put.mock.calls[0]![2]).toBe('image/jpeg');
    expect(store.uploadsSnapshot().files[0]).toMatchObject({
      stage: 'done',
      name: 'IMG_0001.jpg',
      size: 2,
    });
  });

  it('keeps files of sections the chosen practice type does not have, without sending them', async () => {
    put.mockResolvedValue({ status: 200, body: null });
    const held = await add('bhf_form');
    await vi.advanceTimersByTimeAsync(10);
    expect(stageOf(held)).toBe('queued');
    expect(put).not.toHaveBeenCalled();
    scheduler.setUploadSections(['bhf_form', 'certified_id', 'bank_proof']);
    await vi.advanceTimersByTimeAsync(10);
    expect(stageOf(held)).toBe('done');
  });

  it('sends a replacement of a rejected document whatever sections the wizard shows', async () => {
    put.mockResolvedValue({ status: 200, body: null });
    const file = await queue.addFile({
      sectionKey: 'bhf_form',
      name: 'bhf.pdf',
      type: 'application/pdf',
      bytes: new Blob([new Uint8Array([1, 2, 3, 4])]),
      compress: false,
      replacement: { token: 'TOKEN', documentId: 'doc-1' },
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(stageOf(file.id)).toBe('done');
  });

  it('stops an upload in flight when its section goes away, and resumes it when it is back', async () => {
    let finish: (result: PutResult) => void = () => {};
    put.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const id = await add('bank_proof');
    await vi.advanceTimersByTimeAsync(10);
    expect(stageOf(id)).toBe('uploading');
    scheduler.setUploadSections(['certified_id']);
    expect(stageOf(id)).toBe('queued');
    finish({ status: 200, body: null }); // the stopped PUT's answer no longer counts
    await vi.advanceTimersByTimeAsync(10);
    expect(stageOf(id)).toBe('queued');
    put.mockResolvedValue({ status: 200, body: null });
    scheduler.setUploadSections(['certified_id', 'bank_proof']);
    await vi.advanceTimersByTimeAsync(10);
    expect(stageOf(id)).toBe('done');
  });

  it('uploadsSettled does not wait for the connection to come back', async () => {
    const { NetworkError } = await import('./transport.ts');
    let fail: () => void = () => {};
    put.mockImplementationOnce(
      () =>
        new Promise((_, reject) => {
          fail = () => {
            connection.onLine = false;
            reject(new NetworkError());
          };
        }),
    );
    const id = await add('certified_id');
    await vi.advanceTimersByTimeAsync(10);
    let settled: readonly { stage: string }[] | null = null;
    void scheduler.uploadsSettled([id]).then((files) => {
      settled = files;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBeNull(); // still uploading, online
    fail();
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toEqual([expect.objectContaining({ stage: 'waiting' })]);
  });

  it('wipes device data nobody touched for 30 days before reading the queue, not fresher data', async () => {
    const day = 24 * 60 * 60 * 1000;
    const stored = (id: string) => ({
      version: 2,
      file: {
        id,
        sectionKey: 'certified_id',
        replacement: { token: 'T', documentId: 'd1' },
        name: 'id.pdf',
        type: 'application/pdf',
        size: 4,
        originalSize: 4,
        addedAt: '2025-01-19T08:00:00.000Z',
        stage: 'done',
        bytesSent: 4,
      },
    });
    device.set('upload:old', stored('old'));
    device.set('scan-pages:replacement-d1', []);
    device.set('last-used', Date.now() - 31 * day);
    await queue.loadUploads();
    expect(store.uploadsSnapshot().files).toEqual([]);
    expect(device.size).toBe(0);

    vi.resetModules();
    queue = await import('./queue.ts');
    store = await import('./store.ts');
    device.set('upload:recent', stored('recent'));
    device.set('last-used', Date.now() - 29 * day);
    await queue.loadUploads();
    expect(store.uploadsSnapshot().files.map((f) => f.id)).toEqual(['recent']);
  });
});
