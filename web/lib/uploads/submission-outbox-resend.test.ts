// Re-sending the uploads the server lost, then the submission: the device and the upload
// queue replaced, the API answered by a fake fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmitRequest } from '../../../schema/submission-api.ts';
import { ApiError } from '../api-error.ts';
import type { QueuedFile } from './store.ts';

const device = new Map<string, unknown>();
vi.mock('../device-store.ts', () => ({
  getJson: async (name: string) => device.get(name),
  putJson: async (name: string, value: unknown) => void device.set(name, value),
  remove: async (...names: string[]) => {
    for (const name of names) device.delete(name);
  },
}));

let files: QueuedFile[] = [];
const resendUpload = vi.fn((id: string) => {
  files = files.map((f) => (f.id === id ? { ...f, stage: 'queued' as const, url: undefined } : f));
});
/** What the queue does with a file sent again: by default it goes up to a new URL. */
let afterResend = (f: QueuedFile): QueuedFile => ({ ...f, stage: 'done', url: `/new/${f.id}` });
vi.mock('./queue.ts', () => ({ resendUpload: (id: string) => resendUpload(id) }));
vi.mock('./scheduler.ts', () => ({
  uploadsSettled: async (ids: string[]) => {
    files = files.map((f) => (ids.includes(f.id) && f.stage === 'queued' ? afterResend(f) : f));
    return files.filter((f) => ids.includes(f.id));
  },
}));
vi.mock('./store.ts', () => ({ uploadsSnapshot: () => ({ loaded: true, files }) }));

const { lostUploads, resendLostUploads } = await import('./submission-outbox-resend.ts');
const { queueSubmission, queuedSubmission, sendQueuedSubmission } = await import(
  './submission-outbox.ts'
);

const file = (id: string): QueuedFile => ({
  id,
  sectionKey: 'certified_id',
  name: `${id}.pdf`,
  type: 'application/pdf',
  size: 4,
  originalSize: 4,
  addedAt: '2025-01-19T00:00:00.000Z',
  stage: 'done',
  bytesSent: 4,
  url: `/old/${id}`,
});
const doc = (id: string) => ({
  fileName: `${id}.pdf`,
  url: `/old/${id}`,
  sectionKey: 'certified_id',
  sectionLabel: 'Certified ID Copy',
});
const entry = {
  idempotencyKey: 'key-1',
  payload: { documents: [doc('a'), doc('b')] } as unknown as SubmitRequest,
  fileIds: ['a', 'b'],
  queuedAt: '2025-01-19T10:00:00.000Z',
};
const lost = (index: number, code = 'upload_missing') =>
  Response.json(
    { error: { code, message: 'Upload missing', fields: { [`documents.${index}.url`]: 'gone' } } },
    { status: 409 },
  );
const accepted = () => Response.json({ message: 'Received', trackingToken: 't'.repeat(32) });

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const sentBodies = () =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)) as SubmitRequest);

beforeEach(async () => {
  device.clear();
  files = [file('a'), file('b')];
  afterResend = (f) => ({ ...f, stage: 'done', url: `/new/${f.id}` });
  resendUpload.mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await queueSubmission(entry);
});
afterEach(() => vi.unstubAllGlobals());

describe('re-sending lost uploads', () => {
  it('finds the files of the documents the server lost', () => {
    const error = (status: number, code: string) =>
      new ApiError('', status, {
        error: { code, message: '', fields: { 'documents.1.url': 'x', 'documents.1.type': 'y' } },
      });
    expect(lostUploads(error(409, 'upload_missing'), entry)).toEqual(['b']);
    // Files that belong to another submission are never sent again without the practitioner.
    expect(lostUploads(error(409, 'upload_already_used'), entry)).toBeNull();
    expect(lostUploads(error(409, 'duplicate'), entry)).toBeNull();
    expect(lostUploads(error(400, 'upload_missing'), entry)).toBeNull();
  });

  it('sends the lost file again, then the submission with its new URL and the same key', async () => {
    fetchMock.mockResolvedValueOnce(lost(1)).mockResolvedValueOnce(accepted());
    const outcome = await resendLostUploads(await sendQueuedSubmission());
    expect(outcome.kind).toBe('sent');
    expect(resendUpload.mock.calls).toEqual([['b']]);
    expect(sentBodies()[1]!.documents.map((d) => d.url)).toEqual(['/old/a', '/new/b']);
    const keys = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init.headers).get('Idempotency-Key'),
    );
    expect(keys).toEqual(['key-1', 'key-1']);
    expect(await queuedSubmission()).toBeUndefined();
  });

  it('leaves it queued when the connection goes while the files are re-sent', async () => {
    afterResend = (f) => ({ ...f, stage: 'waiting' });
    fetchMock.mockResolvedValueOnce(lost(0));
    expect(await resendLostUploads(await sendQueuedSubmission())).toEqual({ kind: 'waiting' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await queuedSubmission()).toEqual(entry);
  });

  it('a file that cannot be sent again leaves the refusal to the page', async () => {
    afterResend = (f) => ({ ...f, stage: 'error', error: 'Upload failed' });
    fetchMock.mockResolvedValueOnce(lost(0));
    const outcome = await resendLostUploads(await sendQueuedSubmission());
    expect(outcome.kind).toBe('rejected');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not send a submission taken back while its files went up', async () => {
    afterResend = (f) => {
      device.delete('submission-outbox'); // Edit application, meanwhile
      return { ...f, stage: 'done', url: `/new/${f.id}` };
    };
    fetchMock.mockResolvedValueOnce(lost(0));
    expect(await resendLostUploads(await sendQueuedSubmission())).toEqual({ kind: 'taken-back' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after three rounds', async () => {
    fetchMock.mockImplementation(async () => lost(0));
    const outcome = await resendLostUploads(await sendQueuedSubmission());
    expect(outcome.kind).toBe('rejected');
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(resendUpload).toHaveBeenCalledTimes(3);
  });

  it('returns any other refusal as it is, without re-sending', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ error: { code: 'invalid', message: 'Bad', fields: {} } }, { status: 400 }),
    );
    const outcome = await resendLostUploads(await sendQueuedSubmission());
    expect(outcome.kind).toBe('rejected');
    expect(resendUpload).not.toHaveBeenCalled();
  });
});
