// A server that asks the device to wait (429/503 with Retry-After), one that stays down for
// longer than the 10 retries, and one that never answers a JSON call: the queue waits as told,
// revives what gave up when woken, and never hangs on an answer that does not come.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PutResult } from './transport.ts';

const device = new Map<string, unknown>();
vi.mock('../device-store.ts', () => ({
  DeviceStorageFullError: class extends Error {},
  getBytes: async (name: string) => (device.get(name) as ArrayBuffer | undefined)?.slice(0),
  putBytes: async (name: string, bytes: ArrayBuffer) => void device.set(name, bytes.slice(0)),
  getJson: async (name: string) => device.get(name),
  putJson: async (name: string, value: unknown) => void device.set(name, value),
  remove: async (...names: string[]) => {
    for (const name of names) device.delete(name);
  },
  recordNames: async (matches: (name: string) => boolean) => [...device.keys()].filter(matches),
  expireStaleDeviceData: async () => false,
}));

const request =
  vi.fn<(endpoint: unknown, options?: { signal?: AbortSignal }) => Promise<unknown>>();
vi.mock('../api-client.ts', () => ({
  request: (endpoint: unknown, options?: { signal?: AbortSignal }) => request(endpoint, options),
}));

const put = vi.fn<(url: string) => Promise<PutResult>>();
vi.mock('./transport.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./transport.ts')>()),
  putBytes: (url: string) => put(url),
}));

let queue: typeof import('./queue.ts');
let store: typeof import('./store.ts');

const stageOf = (id: string) => store.findUpload(id)?.stage;
async function add() {
  const file = await queue.addFile({
    sectionKey: 'certified_id',
    name: 'id.pdf',
    type: 'application/pdf',
    bytes: new Blob([new Uint8Array([1, 2, 3, 4])]),
    compress: false,
  });
  return file.id;
}

beforeEach(async () => {
  vi.useFakeTimers();
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('navigator', { onLine: true });
  device.clear();
  put.mockReset();
  request.mockReset();
  request.mockResolvedValue({ uploadURL: '/api/storage/uploads/u1?signature=s' });
  vi.resetModules();
  queue = await import('./queue.ts');
  store = await import('./store.ts');
  (await import('./scheduler.ts')).setUploadSections(['certified_id']);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the upload scheduler and a busy server', () => {
  it('honours Retry-After: the whole queue waits that long, and nothing is counted', async () => {
    put.mockResolvedValueOnce({ status: 429, body: null, retryAfter: '120' });
    put.mockResolvedValue({ status: 200, body: null });
    const first = await add();
    await vi.advanceTimersByTimeAsync(1000);
    const second = await add();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(put).toHaveBeenCalledTimes(1);
    expect(stageOf(first)).not.toBe('error');
    expect(stageOf(second)).toBe('queued');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(stageOf(first)).toBe('done');
    expect(stageOf(second)).toBe('done');
  });

  it('a file that gave up on a failing server is sent again when the queue is woken', async () => {
    put.mockResolvedValue({ status: 503, body: null });
    const id = await add();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(stageOf(id)).toBe('error');
    put.mockResolvedValue({ status: 200, body: null });
    const { wakeUploads } = await import('./wake.ts');
    wakeUploads();
    await vi.advanceTimersByTimeAsync(10);
    expect(stageOf(id)).toBe('done');
  });

  it('a JSON call that is never answered is given up and tried again', async () => {
    request.mockImplementationOnce(
      (_endpoint, options) =>
        new Promise((_resolve, reject) => {
          options?.signal?.addEventListener('abort', () => reject(new TypeError('aborted')));
        }),
    );
    put.mockResolvedValue({ status: 200, body: null });
    const id = await add();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(request.mock.calls.length).toBeGreaterThan(1);
    expect(stageOf(id)).toBe('done');
  });
});
