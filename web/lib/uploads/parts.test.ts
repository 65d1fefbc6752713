// One attempt at sending a large file in parts, with the API and the PUT replaced and the
// device kept in memory: which parts go, from which bytes, and what is recorded.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PART_BYTES } from '../../../schema/upload-parts.ts';
import { ApiError } from '../api-error.ts';
import type { PartsUpload, QueuedFile } from './store.ts';
import type { PutResult } from './transport.ts';

const device = new Map<string, unknown>();
vi.mock('../device-store.ts', () => ({
  getBytes: async (name: string) => (device.get(name) as ArrayBuffer | undefined)?.slice(0),
  // Copies in and out, as IndexedDB does.
  putBytes: async (name: string, bytes: ArrayBuffer) => void device.set(name, bytes.slice(0)),
  remove: async (...names: string[]) => {
    for (const name of names) device.delete(name);
  },
  recordNames: async (matches: (name: string) => boolean) => [...device.keys()].filter(matches),
}));

/** The server: which parts it holds, and the calls made to it. */
let held: Record<number, string> = {};
let known = true;
/** The upload was completed on the server (the answer to complete may have been lost). */
let completed = false;
let urlsAsked = 0;
const calls: string[] = [];
vi.mock('../api-client.ts', () => ({
  request: async (endpoint: { path: string }, options: { body?: { partNumbers?: number[] } }) => {
    calls.push(endpoint.path.split('/').at(-1)!);
    if (!known && endpoint.path.includes(':uploadId'))
      throw new ApiError('404: gone', 404, {
        error: { code: 'upload_not_found', message: 'gone' },
      });
    if (completed && (endpoint.path.endsWith('/parts') || endpoint.path.endsWith('/part-urls')))
      throw new ApiError('409: complete', 409, {
        error: { code: 'upload_completed', message: 'This upload is already complete.' },
      });
    if (endpoint.path === '/api/objects/multipart')
      return { uploadId: 'up-1', partSize: PART_BYTES, partCount: 3 };
    if (endpoint.path.endsWith('/parts'))
      return {
        parts: Object.entries(held).map(([n, etag]) => ({ partNumber: Number(n), etag, size: 1 })),
      };
    if (endpoint.path.endsWith('/part-urls')) {
      urlsAsked++;
      return {
        parts: options.body!.partNumbers!.map((n) => ({
          partNumber: n,
          size: 1,
          url: `/part/${n}?v=${urlsAsked}`,
        })),
      };
    }
    if (endpoint.path.endsWith('/complete')) return { url: '/api/storage/uploads/up-1', size: 1 };
    throw new Error(endpoint.path);
  },
}));

const put = vi.fn<(url: string, bytes: ArrayBuffer) => Promise<PutResult>>();
vi.mock('./transport.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./transport.ts')>()),
  putBytes: (url: string, bytes: ArrayBuffer) => put(url, bytes),
}));

const { attemptUpload } = await import('./sender.ts');
const { keepBlob } = await import('./bytes.ts');

const SIZE = 2 * PART_BYTES + 1000;
const bytes = new Uint8Array(SIZE).map((_, i) => (i * 7) & 255);
let file: QueuedFile;
let recorded: (PartsUpload | undefined)[];
const on = () => ({
  ticket: vi.fn(),
  progress: vi.fn(),
  parts: (p: PartsUpload | undefined) => void recorded.push(p),
});
const sentParts = () => put.mock.calls.map(([url]) => Number(url.split('/')[2]!.split('?')[0]));

beforeEach(async () => {
  device.clear();
  held = {};
  known = true;
  completed = false;
  urlsAsked = 0;
  calls.length = 0;
  recorded = [];
  put.mockReset();
  put.mockImplementation(async (url, body) => {
    const n = Number(url.split('/')[2]!.split('?')[0]);
    // Each part is exactly its slice of the file.
    const expected = bytes.subarray((n - 1) * PART_BYTES, n * PART_BYTES);
    expect(Buffer.compare(Buffer.from(body), Buffer.from(expected))).toBe(0);
    held[n] = `"e${n}"`;
    return { status: 200, body: {}, etag: `"e${n}"` };
  });
  const layout = await keepBlob('f1', new Blob([bytes]));
  file = {
    id: 'f1',
    sectionKey: 'certified_id',
    name: 'big.pdf',
    type: 'application/pdf',
    size: SIZE,
    originalSize: SIZE,
    chunkSize: layout.chunkSize,
    addedAt: '2025-01-19T00:00:00.000Z',
    stage: 'uploading',
    bytesSent: 0,
  };
});

const attempt = (f: QueuedFile) => attemptUpload(f, new AbortController().signal, on());

describe('sending a file in parts', () => {
  it('starts an upload, sends each part from its chunk, records each ETag, completes', async () => {
    expect(await attempt(file)).toEqual({ outcome: 'done', url: '/api/storage/uploads/up-1' });
    expect(sentParts()).toEqual([1, 2, 3]);
    expect(recorded.at(-1)?.etags).toEqual({ 1: '"e1"', 2: '"e2"', 3: '"e3"' });
    expect(calls).toEqual(['multipart', 'part-urls', 'complete']);
  });

  it('resumes after the last part the server holds, even one whose answer was lost', async () => {
    held = { 1: '"e1"', 2: '"e2"' };
    const parts = { uploadId: 'up-1', partSize: PART_BYTES, partCount: 3, etags: { 1: '"e1"' } };
    expect((await attempt({ ...file, parts })).outcome).toBe('done');
    expect(sentParts()).toEqual([3]);
  });

  it('recovers a lost list of parts from the server', async () => {
    held = { 1: '"e1"', 2: '"e2"' };
    const parts = { uploadId: 'up-1', partSize: PART_BYTES, partCount: 3, etags: {} };
    expect((await attempt({ ...file, parts })).outcome).toBe('done');
    expect(sentParts()).toEqual([3]);
    expect(recorded[0]?.etags).toEqual({ 1: '"e1"', 2: '"e2"' });
  });

  it('gets a fresh URL for a part whose URL expired, without failing', async () => {
    put.mockImplementationOnce(async () => ({
      status: 403,
      body: { error: { code: 'url_expired' } },
    }));
    expect((await attempt(file)).outcome).toBe('done');
    expect(put.mock.calls.map(([url]) => url)).toEqual([
      '/part/1?v=1',
      '/part/1?v=2',
      '/part/2?v=2',
      '/part/3?v=2',
    ]);
  });

  it('starts again when the server no longer knows the upload', async () => {
    known = false;
    const parts = { uploadId: 'up-1', partSize: PART_BYTES, partCount: 3, etags: { 1: '"e1"' } };
    expect(await attempt({ ...file, parts })).toEqual({ outcome: 'new-ticket' });
    expect(recorded).toEqual([undefined]);
    expect(put).not.toHaveBeenCalled();
  });

  it('a completed upload whose answer was lost is confirmed, never sent again', async () => {
    held = { 1: '"e1"', 2: '"e2"', 3: '"e3"' };
    completed = true;
    const etags = { 1: '"e1"', 2: '"e2"', 3: '"e3"' };
    const parts = { uploadId: 'up-1', partSize: PART_BYTES, partCount: 3, etags };
    expect(await attempt({ ...file, parts })).toEqual({
      outcome: 'done',
      url: '/api/storage/uploads/up-1',
    });
    expect(put).not.toHaveBeenCalled();
    expect(calls).not.toContain('multipart');
    expect(calls.at(-1)).toBe('complete');
  });

  it('a dropped connection mid-part keeps the parts acknowledged before it', async () => {
    const { NetworkError } = await import('./transport.ts');
    put.mockImplementationOnce(async () => ({ status: 200, body: {}, etag: '"e1"' }));
    put.mockImplementationOnce(async () => {
      throw new NetworkError();
    });
    expect(await attempt(file)).toEqual({ outcome: 'retry', reason: 'network' });
    expect(recorded.at(-1)?.etags).toEqual({ 1: '"e1"' });
  });
});
