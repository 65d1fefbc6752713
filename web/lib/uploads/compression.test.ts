// Compressing a photo on the device: the compressed bytes go into chunks of their own and the
// file's record then moves to them, so a page killed in between still has the photo as picked;
// a device that fills up meanwhile is told as such, and leaves no half-written chunks behind.
import { beforeEach, describe, expect, it, vi } from 'vitest';

class DeviceStorageFullError extends Error {
  constructor() {
    super('This device has run out of storage space for your application.');
  }
}
const device = new Map<string, unknown>();
/** Chunk writes left before the device is full (Infinity: never). */
let room = Number.POSITIVE_INFINITY;
vi.mock('../device-store.ts', () => ({
  DeviceStorageFullError,
  getBytes: async (name: string) => (device.get(name) as ArrayBuffer | undefined)?.slice(0),
  putBytes: async (name: string, bytes: ArrayBuffer) => {
    if (room-- <= 0) throw new DeviceStorageFullError();
    device.set(name, bytes.slice(0));
  },
  getJson: async (name: string) => device.get(name),
  putJson: async (name: string, value: unknown) => void device.set(name, structuredClone(value)),
  remove: async (...names: string[]) => {
    for (const name of names) device.delete(name);
  },
  recordNames: async (matches: (name: string) => boolean) => [...device.keys()].filter(matches),
}));

const picked = new Uint8Array(3000).map((_, i) => i & 255);
const compressed = new Uint8Array(1000).fill(7);
/** What the file's record on the device reads as while the thumbnail is made. */
let readMeanwhile: ArrayBuffer | undefined;
vi.mock('./image-compression.ts', () => ({
  compressImage: async () => ({
    bytes: compressed.buffer.slice(0),
    type: 'image/jpeg',
    name: 'p.jpg',
  }),
  makeThumbnail: async () => {
    const kept = await store.readStoredUploads();
    readMeanwhile = await store.readUploadBytes(kept[0]!);
    return undefined;
  },
}));

let store: typeof import('./store.ts');
let compression: typeof import('./compression.ts');

beforeEach(async () => {
  device.clear();
  room = Number.POSITIVE_INFINITY;
  readMeanwhile = undefined;
  vi.resetModules();
  store = await import('./store.ts');
  compression = await import('./compression.ts');
  const layout = await store.keepUploadBytes('p1', picked.buffer.slice(0));
  store.setUploads([
    {
      id: 'p1',
      sectionKey: 'certified_id',
      name: 'p.jpg',
      type: 'image/jpeg',
      size: layout.size,
      originalSize: layout.size,
      chunkSize: layout.chunkSize,
      addedAt: '2026-11-27T00:00:00.000Z',
      stage: 'stored',
      compress: true,
      bytesSent: 0,
    },
  ]);
  await store.uploadsPersisted();
});

const bytesOf = async () => new Uint8Array((await store.readUploadBytes(store.findUpload('p1')!))!);

describe('compressing a photo on the device', () => {
  it('keeps the photo as picked until the record names the compressed bytes', async () => {
    await compression.compressUpload('p1', () => {});
    expect(new Uint8Array(readMeanwhile!)).toEqual(picked);
    expect(store.findUpload('p1')?.stage).toBe('queued');
    expect(await bytesOf()).toEqual(compressed);
    await store.uploadsPersisted();
    // The picked bytes are gone once the record moved on.
    expect([...device.keys()].filter((n) => n.startsWith('file:')).length).toBe(1);
  });

  it('a full device is named as such, and the photo as picked is kept', async () => {
    room = 0;
    await compression.compressUpload('p1', () => {});
    expect(store.findUpload('p1')?.error).toMatch(/run out of storage space/);
    expect(store.findUpload('p1')?.error).not.toMatch(/could not be read/);
    expect(await bytesOf()).toEqual(picked);
  });
});

describe('keeping bytes on the device', () => {
  it('removes the chunks it wrote when a write fails', async () => {
    const { keepBlob } = await import('./bytes.ts');
    room = 1;
    const big = new Blob([new Uint8Array(3 * 1024)]);
    await expect(keepBlob('f2', big, 1024)).rejects.toThrow(DeviceStorageFullError);
    expect([...device.keys()].filter((n) => n.startsWith('file:f2'))).toEqual([]);
  });
});
