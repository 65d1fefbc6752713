// The queue's records: one per file (version 2), resumed after a reload, written when what is
// kept changes and never for progress; version 1 records (one list, whole bytes) migrate.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedFile, UploadStage } from './store.ts';

const device = new Map<string, unknown>();
const writes: string[] = [];
let full = false;
/** Runs once, right after the next record is read: what the page does meanwhile. */
let afterRead: (() => void) | undefined;
vi.mock('../device-store.ts', () => ({
  getBytes: async (name: string) => (device.get(name) as ArrayBuffer | undefined)?.slice(0),
  // Copies in and out, as IndexedDB does.
  putBytes: async (name: string, bytes: ArrayBuffer) => void device.set(name, bytes.slice(0)),
  getJson: async (name: string) => {
    const value = device.get(name);
    const then = afterRead;
    afterRead = undefined;
    then?.();
    return value;
  },
  putJson: async (name: string, value: unknown) => {
    if (full) throw new DOMException('full', 'QuotaExceededError');
    writes.push(name);
    device.set(name, structuredClone(value));
  },
  remove: async (...names: string[]) => {
    for (const name of names) device.delete(name);
  },
  recordNames: async (matches: (name: string) => boolean) => [...device.keys()].filter(matches),
}));

let store: typeof import('./store.ts');

const file = (id: string, stage: UploadStage, extra: Partial<QueuedFile> = {}): QueuedFile => ({
  id,
  sectionKey: 'certified_id',
  name: `${id}.pdf`,
  type: 'application/pdf',
  size: 4,
  originalSize: 4,
  addedAt: `2025-01-19T00:00:0${id.charCodeAt(0) - 97}.000Z`,
  stage,
  bytesSent: 0,
  ...extra,
});
const record = (f: QueuedFile) => ({ version: 2, file: f });

beforeEach(async () => {
  device.clear();
  writes.length = 0;
  full = false;
  afterRead = undefined;
  vi.resetModules();
  store = await import('./store.ts');
});

describe('upload records', () => {
  it('starts again whatever was running when the page went away, from the acknowledged parts', async () => {
    const parts = { uploadId: 'u', partSize: 2, partCount: 2, etags: { 1: '"e1"' } };
    device.set('upload:a', record(file('a', 'compressing')));
    device.set('upload:b', record(file('b', 'uploading', { parts })));
    device.set('upload:c', record(file('c', 'waiting')));
    device.set('upload:d', record(file('d', 'done')));
    const files = await store.readStoredUploads();
    expect(files.map((f) => [f.id, f.stage, f.bytesSent])).toEqual([
      ['a', 'stored', 0],
      ['b', 'queued', 2],
      ['c', 'queued', 0],
      ['d', 'done', 0],
    ]);
    expect(store.uploadsSnapshot().loaded).toBe(true);
  });

  it('keeps one record per file, without the note or progress, and tells listeners', async () => {
    const heard = vi.fn();
    store.subscribeUploads(heard);
    store.setUploads([file('a', 'uploading'), file('b', 'queued')]);
    await store.uploadsPersisted();
    expect(writes.sort()).toEqual(['upload:a', 'upload:b']);
    writes.length = 0;
    for (let sent = 1; sent <= 50; sent++) store.patchUpload('a', { bytesSent: sent });
    store.patchUpload('a', { note: 'Connection problem, trying again…' });
    await store.uploadsPersisted();
    expect(heard).toHaveBeenCalledTimes(52);
    expect(store.findUpload('a')?.note).toBe('Connection problem, trying again…');
    // Progress and notes rewrite nothing; an acknowledged part rewrites that file's record only.
    expect(writes).toEqual([]);
    store.patchUpload('a', {
      parts: { uploadId: 'u', partSize: 2, partCount: 2, etags: { 1: '"e1"' } },
    });
    await store.uploadsPersisted();
    expect(writes).toEqual(['upload:a']);
    expect(device.get('upload:a')).toEqual(
      record(
        file('a', 'uploading', {
          parts: { uploadId: 'u', partSize: 2, partCount: 2, etags: { 1: '"e1"' } },
        }),
      ),
    );
  });

  it('removes the record of a file taken off the list', async () => {
    store.setUploads([file('a', 'queued'), file('b', 'queued')]);
    await store.uploadsPersisted();
    store.setUploads([file('b', 'queued')]);
    await store.uploadsPersisted();
    expect(device.has('upload:a')).toBe(false);
    expect(device.has('upload:b')).toBe(true);
  });

  it('reports a device that cannot keep the list', async () => {
    const problem = vi.fn();
    store.onUploadStorageError(problem);
    full = true;
    store.setUploads([file('a', 'queued')]);
    await store.uploadsPersisted();
    expect(problem).toHaveBeenCalledOnce();
  });

  it('migrates version 1 (one list, each file’s bytes whole) so queued files still upload', async () => {
    device.set('upload-queue', [
      file('a', 'uploading', { bytesSent: 3, uploadURL: '/api/storage/uploads/x?s=1' }),
      file('b', 'done', { url: '/api/storage/uploads/y' }),
    ]);
    device.set('file:a', new Uint8Array([1, 2, 3, 4]).buffer);
    const files = await store.readStoredUploads();
    expect(device.has('upload-queue')).toBe(false);
    expect(device.get('upload:a')).toEqual(
      record(file('a', 'uploading', { uploadURL: '/api/storage/uploads/x?s=1' })),
    );
    expect(files.map((f) => [f.id, f.stage])).toEqual([
      ['a', 'queued'],
      ['b', 'done'],
    ]);
    // The old bytes are read as one chunk, whole or by range.
    expect([...new Uint8Array((await store.readUploadBytes(files[0]!))!)]).toEqual([1, 2, 3, 4]);
    const { readRange } = await import('./bytes.ts');
    expect([...new Uint8Array((await readRange(files[0]!, 1, 3))!)]).toEqual([2, 3]);
    // Reading again finds the same files (the migration is done once).
    vi.resetModules();
    store = await import('./store.ts');
    expect((await store.readStoredUploads()).map((f) => f.id)).toEqual(['a', 'b']);
  });

  it('keeps a file’s bytes in part-sized chunks, reads any range, and removes them all', async () => {
    const bytes = new Uint8Array(25).map((_, i) => i);
    const layout = await store.keepUploadBytes('a', new Blob([bytes]));
    expect(layout.size).toBe(25);
    const { keepBlob, readRange } = await import('./bytes.ts');
    const small = await keepBlob('a', new Blob([bytes]), 10);
    expect([...device.keys()].filter((k) => k.startsWith('file:a')).sort()).toEqual([
      'file:a',
      'file:a:1',
      'file:a:2',
    ]);
    const f = file('a', 'queued', { size: 25, chunkSize: small.chunkSize });
    expect([...new Uint8Array((await readRange(f, 8, 22))!)]).toEqual([
      8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
    ]);
    expect([...new Uint8Array((await store.readUploadBytes(f))!)]).toEqual([...bytes]);
    // A newer version (after compression) goes under its own key; removing the file removes all.
    await keepBlob('a.1', new Blob([bytes.subarray(0, 5)]), 10);
    expect([...device.keys()].filter((k) => k.startsWith('file:a')).length).toBe(4);
    await store.removeUploadBytes('a');
    expect([...device.keys()].filter((k) => k.startsWith('file:'))).toEqual([]);
  });

  it('keeps a file that finished sending while the device was being read, so it is not sent again', async () => {
    store.setUploads([file('a', 'uploading')]);
    await store.uploadsPersisted();
    const sending = new Map([['a', new AbortController()]]);
    // The record says 'uploading' when it is read; the send finishes just after.
    afterRead = () => {
      store.patchUpload('a', { stage: 'done', url: 'https://portal.example/uploads/a' });
      sending.delete('a');
    };
    await store.refreshStoredUploads(sending);
    expect(store.findUpload('a')).toMatchObject({ stage: 'done' });
    await store.uploadsPersisted();
    expect((device.get('upload:a') as { file: QueuedFile }).file.stage).toBe('done');
  });
});
