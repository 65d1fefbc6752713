// The queue's records: resumed after a reload, kept on the device without transient notes.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedFile, UploadStage } from './upload-store.ts';

const device = new Map<string, unknown>();
let full = false;
vi.mock('./device-store.ts', () => ({
  getBytes: async (name: string) => device.get(name),
  putBytes: async (name: string, bytes: ArrayBuffer) => void device.set(name, bytes),
  getJson: async (name: string) => device.get(name),
  putJson: async (name: string, value: unknown) => {
    if (full) throw new DOMException('full', 'QuotaExceededError');
    device.set(name, value);
  },
  remove: async (...names: string[]) => {
    for (const name of names) device.delete(name);
  },
}));

let store: typeof import('./upload-store.ts');

const file = (id: string, stage: UploadStage, extra: Partial<QueuedFile> = {}): QueuedFile => ({
  id,
  sectionKey: 'certified_id',
  name: `${id}.pdf`,
  type: 'application/pdf',
  size: 4,
  originalSize: 4,
  addedAt: '2025-01-19T00:00:00.000Z',
  stage,
  bytesSent: 0,
  ...extra,
});

beforeEach(async () => {
  device.clear();
  full = false;
  vi.resetModules();
  store = await import('./upload-store.ts');
});

describe('upload records', () => {
  it('starts again whatever was running when the page went away', async () => {
    device.set('upload-queue', [
      file('a', 'compressing'),
      file('b', 'uploading', { bytesSent: 3 }),
      file('c', 'waiting'),
      file('d', 'done'),
    ]);
    const files = await store.readStoredUploads();
    expect(files.map((f) => [f.id, f.stage, f.bytesSent])).toEqual([
      ['a', 'stored', 0],
      ['b', 'queued', 0],
      ['c', 'queued', 0],
      ['d', 'done', 0],
    ]);
    expect(store.uploadsSnapshot().loaded).toBe(true);
  });

  it('keeps the list on the device without the retry note, and tells listeners', async () => {
    const heard = vi.fn();
    store.subscribeUploads(heard);
    store.setUploads([file('a', 'uploading')]);
    store.patchUpload('a', { note: 'Connection problem, trying again…', bytesSent: 2 });
    await store.uploadsPersisted();
    expect(heard).toHaveBeenCalledTimes(2);
    expect(store.findUpload('a')?.note).toBe('Connection problem, trying again…');
    expect(device.get('upload-queue')).toEqual([file('a', 'uploading', { bytesSent: 2 })]);
  });

  it('reports a device that cannot keep the list', async () => {
    const problem = vi.fn();
    store.onUploadStorageError(problem);
    full = true;
    store.setUploads([file('a', 'queued')]);
    await store.uploadsPersisted();
    expect(problem).toHaveBeenCalledOnce();
  });

  it('keeps and removes a file’s bytes by its id', async () => {
    const bytes = new Uint8Array([1]).buffer;
    await store.keepUploadBytes('a', bytes);
    expect(await store.readUploadBytes('a')).toBe(bytes);
    await store.removeUploadBytes('a');
    expect(await store.readUploadBytes('a')).toBeUndefined();
  });
});
