// The replacement outbox with the device, the API and the upload queue replaced: one request per
// document, kept while the server cannot be reached, dropped with the server's reason on a 4xx.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error.ts';
import type { QueuedFile } from './store.ts';

const device = new Map<string, unknown>();
vi.mock('../device-store.ts', () => ({
  getJson: async (name: string) => device.get(name),
  putJson: async (name: string, value: unknown) => void device.set(name, value),
}));

const files = new Map<string, QueuedFile>();
vi.mock('./store.ts', () => ({ findUpload: (id: string) => files.get(id) }));

const send = vi.fn<(endpoint: unknown, options: { params: unknown; body: unknown }) => unknown>();
vi.mock('../api-client.ts', () => ({
  request: async (endpoint: unknown, options: { params: unknown; body: unknown }) =>
    send(endpoint, options),
}));

const { handOverReplacement, queuedReplacements, sendQueuedReplacements } = await import(
  './replacement-outbox.ts'
);

function uploaded(id: string, documentId: string, stage: QueuedFile['stage'] = 'done') {
  files.set(id, {
    id,
    sectionKey: 'certified_id',
    replacement: { token: 'TOKEN', documentId },
    name: `${id}.pdf`,
    type: 'application/pdf',
    size: 1234,
    originalSize: 1234,
    addedAt: '2025-01-19T08:00:00.000Z',
    stage,
    bytesSent: 1234,
    url: `http://127.0.0.1/api/storage/uploads/${id}`,
  });
}

const settled: string[] = [];
const settle = async (o: { kind: string; entry: { fileId: string } }) => {
  settled.push(`${o.kind}:${o.entry.fileId}`);
  files.delete(o.entry.fileId);
};

beforeEach(() => {
  device.clear();
  files.clear();
  settled.length = 0;
  send.mockReset();
});

describe('replacement outbox', () => {
  it('queues one request per document, only for an uploaded file', async () => {
    uploaded('f1', 'doc-1');
    uploaded('f2', 'doc-1');
    uploaded('f3', 'doc-2', 'uploading');
    expect(await handOverReplacement('f1')).toBe(true);
    expect(await handOverReplacement('f2')).toBe(false);
    expect(await handOverReplacement('f3')).toBe(false);
    const [entry] = await queuedReplacements('TOKEN');
    expect(entry?.body).toEqual({
      url: 'http://127.0.0.1/api/storage/uploads/f1',
      name: 'f1.pdf',
      size: 1234,
      type: 'application/pdf',
    });
  });

  it('sends it with the token and document id, once, and settles the file', async () => {
    uploaded('f1', 'doc-1');
    await handOverReplacement('f1');
    send.mockResolvedValue({});
    await sendQueuedReplacements('TOKEN', settle);
    await sendQueuedReplacements('TOKEN', settle);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[1].params).toEqual({ token: 'TOKEN', documentId: 'doc-1' });
    expect(settled).toEqual(['sent:f1']);
    // The file is gone from the queue, so handing it over again queues nothing.
    expect(await handOverReplacement('f1')).toBe(false);
    expect(await queuedReplacements('TOKEN')).toEqual([]);
  });

  it('keeps it while the server cannot be reached or is busy', async () => {
    uploaded('f1', 'doc-1');
    await handOverReplacement('f1');
    send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await sendQueuedReplacements('TOKEN', settle)).toEqual([]);
    send.mockRejectedValueOnce(new ApiError('503: down', 503, null));
    expect(await sendQueuedReplacements('TOKEN', settle)).toEqual([]);
    expect(await queuedReplacements('TOKEN')).toHaveLength(1);
    send.mockResolvedValue({});
    await sendQueuedReplacements('TOKEN', settle);
    expect(settled).toEqual(['sent:f1']);
  });

  it('counts an "already replaced" answer as sent: an earlier answer was lost', async () => {
    uploaded('f1', 'doc-1');
    await handOverReplacement('f1');
    const body = { error: { code: 'already_replaced', message: 'Already replaced.' } };
    send.mockRejectedValueOnce(new ApiError('409: …', 409, body));
    await sendQueuedReplacements('TOKEN', settle);
    expect(settled).toEqual(['sent:f1']);
  });

  it("drops a refused one with the server's reason", async () => {
    uploaded('f1', 'doc-1');
    await handOverReplacement('f1');
    const body = { error: { code: 'not_rejected', message: 'This document is not rejected.' } };
    send.mockRejectedValueOnce(new ApiError('409: …', 409, body));
    const [outcome] = await sendQueuedReplacements('TOKEN', settle);
    expect(outcome).toMatchObject({ kind: 'refused', message: 'This document is not rejected.' });
    expect(await queuedReplacements('TOKEN')).toEqual([]);
  });
});
