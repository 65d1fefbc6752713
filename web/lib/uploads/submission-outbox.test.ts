// Taking a queued submission back while the page or the service worker may be sending it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmitRequest, SubmitResponse } from '../../../schema/submission-api.ts';

const device = new Map<string, unknown>();
vi.mock('../device-store.ts', () => ({
  getJson: async (name: string) => device.get(name),
  putJson: async (name: string, value: unknown) => void device.set(name, value),
  remove: async (...names: string[]) => {
    for (const name of names) device.delete(name);
  },
}));

const post = vi.fn<() => Promise<SubmitResponse>>();
vi.mock('../api-client.ts', () => ({ request: () => post() }));

/** The Web Locks API for one lock name: callbacks run one after another, in request order. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, run: () => Promise<T>): Promise<T> {
      const result = tail.then(run);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

const {
  queueSubmission,
  queuedSubmission,
  sendQueuedSubmission,
  updateQueuedSubmission,
  withdrawQueuedSubmission,
} = await import('./submission-outbox.ts');

const entry = {
  idempotencyKey: 'key-1',
  payload: { submission: { additionalNotes: 'first' } } as unknown as SubmitRequest,
  fileIds: ['f1'],
  queuedAt: '2025-01-19T10:00:00.000Z',
};
const answer: SubmitResponse = { message: 'Received', trackingToken: 't'.repeat(32) };

beforeEach(() => {
  device.clear();
  post.mockReset();
  vi.stubGlobal('navigator', { locks: fakeLocks() });
});
afterEach(() => vi.unstubAllGlobals());

describe('submission outbox', () => {
  it('a submission taken back is not sent', async () => {
    await queueSubmission(entry);
    expect(await withdrawQueuedSubmission()).toEqual({ kind: 'withdrawn' });
    expect(await queuedSubmission()).toBeUndefined();
    expect(await sendQueuedSubmission()).toEqual({ kind: 'empty' });
    expect(post).not.toHaveBeenCalled();
  });

  it('taking back waits for a send in progress, and reports it when that went through', async () => {
    await queueSubmission(entry);
    let reply: (value: SubmitResponse) => void = () => {};
    post.mockImplementation(() => new Promise((resolve) => (reply = resolve)));
    const sending = sendQueuedSubmission();
    const withdrawing = withdrawQueuedSubmission();
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    reply(answer);
    expect(await sending).toEqual({ kind: 'sent', result: answer });
    expect(await withdrawing).toEqual({ kind: 'sent', result: answer });
  });

  it('taking back after a send that found no connection keeps it from being sent later', async () => {
    await queueSubmission(entry);
    post.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const sending = sendQueuedSubmission();
    const withdrawing = withdrawQueuedSubmission();
    expect(await sending).toEqual({ kind: 'offline' });
    expect(await withdrawing).toEqual({ kind: 'withdrawn' });
    expect(await sendQueuedSubmission()).toEqual({ kind: 'empty' });
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('an update does not bring back a submission that was taken back', async () => {
    await queueSubmission(entry);
    const newer = { ...entry, fileIds: ['f2'] };
    expect(await updateQueuedSubmission(newer)).toBe(true);
    expect(await queuedSubmission()).toEqual(newer);
    await withdrawQueuedSubmission();
    expect(await updateQueuedSubmission(newer)).toBe(false);
    expect(await queuedSubmission()).toBeUndefined();
  });
});
