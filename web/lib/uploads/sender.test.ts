// One attempt at sending a file, with the API, the device and the PUT replaced.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error.ts';
import type { QueuedFile } from './store.ts';
import type { PutResult } from './transport.ts';

const ticket = vi.fn<(endpoint: unknown, options: unknown) => Promise<{ uploadURL: string }>>();
vi.mock('../api-client.ts', () => ({ request: ticket }));

let bytes: ArrayBuffer | undefined;
vi.mock('./store.ts', () => ({ readUploadBytes: async () => bytes }));

const put =
  vi.fn<
    (url: string, b: ArrayBuffer, type: string, progress: (n: number) => void) => Promise<PutResult>
  >();
vi.mock('./transport.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./transport.ts')>()),
  putBytes: (url: string, b: ArrayBuffer, type: string, progress: (n: number) => void) =>
    put(url, b, type, progress),
}));

const { attemptUpload } = await import('./sender.ts');
const { FILE_GONE } = await import('./attempt.ts');
const { NetworkError } = await import('./transport.ts');

const file: QueuedFile = {
  id: 'f1',
  sectionKey: 'certified_id',
  name: 'id.pdf',
  type: 'application/pdf',
  size: 4,
  originalSize: 4,
  addedAt: '2025-01-19T00:00:00.000Z',
  stage: 'uploading',
  bytesSent: 0,
};
const events = () => ({ ticket: vi.fn(), progress: vi.fn(), parts: vi.fn() });
const attempt = (f: QueuedFile = file, on = events()) =>
  attemptUpload(f, new AbortController().signal, on);

beforeEach(() => {
  bytes = new Uint8Array([1, 2, 3, 4]).buffer;
  ticket.mockReset();
  ticket.mockResolvedValue({ uploadURL: '/api/storage/uploads/u1?signature=s' });
  put.mockReset();
});

describe('sending a file', () => {
  it('gets a ticket for the section, PUTs the bytes with their type and reports progress', async () => {
    put.mockImplementation(async (_url, _bytes, _type, progress) => {
      progress(2);
      progress(9); // more than the file: a proxy counting headers
      return { status: 200, body: null };
    });
    const on = events();
    expect(await attempt(file, on)).toEqual({ outcome: 'done', url: '/api/storage/uploads/u1' });
    expect(ticket).toHaveBeenCalledWith(
      { method: 'POST', path: '/api/objects/upload' },
      {
        body: {
          filename: expect.stringMatching(/^certified_id_\d+$/),
          size: bytes!.byteLength,
          contentType: 'application/pdf',
        },
        // Every JSON call of an upload has a time limit of its own.
        signal: expect.any(AbortSignal),
      },
    );
    expect(on.ticket).toHaveBeenCalledWith('/api/storage/uploads/u1?signature=s');
    expect(put.mock.calls[0]!.slice(0, 3)).toEqual([
      '/api/storage/uploads/u1?signature=s',
      bytes,
      'application/pdf',
    ]);
    expect(on.progress.mock.calls).toEqual([[0], [2], [4]]);
  });

  it('reuses the upload URL the file already has', async () => {
    put.mockResolvedValue({ status: 201, body: null });
    const result = await attempt({ ...file, uploadURL: '/api/storage/uploads/u0?signature=x' });
    expect(result).toEqual({ outcome: 'done', url: '/api/storage/uploads/u0' });
    expect(ticket).not.toHaveBeenCalled();
  });

  it('replaces a kept URL that has expired before sending, and never sends to it', async () => {
    put.mockResolvedValue({ status: 200, body: null });
    const hoursAgo = (h: number) =>
      new Date(Date.now() - h * 3_600_000).toISOString().replace(/[-:]|\.\d{3}/g, '');
    const r2 = (date: string) =>
      `http://127.0.0.1:8788/portal-objects/uploads/u0?X-Amz-Date=${date}&X-Amz-Expires=3600&X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost%3Bif-none-match&X-Amz-Signature=s`;
    const own = (secondsFromNow: number) =>
      `/api/storage/uploads/u0?expires=${Math.floor(Date.now() / 1000) + secondsFromNow}&signature=x`;
    for (const stale of [r2(hoursAgo(25)), r2(hoursAgo(1)), own(-10), own(30)]) {
      ticket.mockClear();
      put.mockClear();
      const on = events();
      const result = await attempt({ ...file, uploadURL: stale }, on);
      expect(result).toEqual({ outcome: 'done', url: '/api/storage/uploads/u1' });
      expect(ticket).toHaveBeenCalledTimes(1);
      expect(on.ticket).toHaveBeenCalledWith('/api/storage/uploads/u1?signature=s');
      expect(put.mock.calls.map(([url]) => url)).toEqual(['/api/storage/uploads/u1?signature=s']);
    }
    // One still valid for a while is used as it is.
    ticket.mockClear();
    expect(await attempt({ ...file, uploadURL: r2(hoursAgo(0.5)) })).toEqual({
      outcome: 'done',
      url: 'http://127.0.0.1:8788/portal-objects/uploads/u0',
    });
    expect(ticket).not.toHaveBeenCalled();
  });

  it('counts an earlier PUT of the same bytes whose answer was lost as done', async () => {
    put.mockResolvedValue({ status: 412, body: { error: { code: 'already_uploaded' }, size: 4 } });
    expect((await attempt()).outcome).toBe('done');
    put.mockResolvedValue({ status: 412, body: { error: { code: 'already_uploaded' }, size: 9 } });
    expect((await attempt()).outcome).toBe('new-ticket');
  });

  it('asks for a new ticket when the URL expired', async () => {
    put.mockResolvedValue({ status: 403, body: { error: { code: 'url_expired' } } });
    expect(await attempt()).toEqual({ outcome: 'new-ticket' });
  });

  it("asks for a new ticket when the object store refuses the URL (S3's XML 403)", async () => {
    const refusal = (code: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>Request has expired</Message></Error>`;
    put.mockResolvedValue({ status: 403, body: refusal('AccessDenied') });
    expect(await attempt()).toEqual({ outcome: 'new-ticket' });
    put.mockResolvedValue({ status: 403, body: refusal('SignatureDoesNotMatch') });
    expect(await attempt()).toEqual({ outcome: 'new-ticket' });
    // Its 412: the object exists under a URL signed for this size and type (an answer lost).
    put.mockResolvedValue({ status: 412, body: refusal('PreconditionFailed') });
    expect((await attempt()).outcome).toBe('done');
    // A 403 that is neither stays a failure the practitioner sees.
    put.mockResolvedValue({ status: 403, body: { error: { code: 'forbidden', message: 'No' } } });
    expect(await attempt()).toEqual({ outcome: 'failed', message: 'No' });
  });

  it('retries network errors and retriable statuses, of the PUT and of the ticket', async () => {
    put.mockRejectedValueOnce(new NetworkError());
    expect(await attempt()).toEqual({ outcome: 'retry', reason: 'network' });
    put.mockResolvedValueOnce({ status: 503, body: null });
    expect(await attempt()).toEqual({ outcome: 'retry', reason: '503' });
    ticket.mockRejectedValueOnce(new ApiError('429: slow down', 429, null));
    expect(await attempt()).toEqual({ outcome: 'retry', reason: '429' });
  });

  it('fails with the server message, or the product text when the ticket is refused', async () => {
    put.mockResolvedValue({ status: 400, body: { error: { message: 'Wrong type' } } });
    expect(await attempt()).toEqual({ outcome: 'failed', message: 'Wrong type' });
    ticket.mockRejectedValueOnce(new ApiError('400: bad', 400, null));
    expect(await attempt()).toEqual({ outcome: 'failed', message: 'Failed to get upload URL' });
  });

  it('fails when the bytes are no longer on the device', async () => {
    bytes = undefined;
    expect(await attempt()).toEqual({ outcome: 'failed', message: FILE_GONE });
    expect(put).not.toHaveBeenCalled();
  });
});
