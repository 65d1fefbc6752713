// What the outbox does with each kind of answer to a queued submission, and what it sends:
// the real API client against a fake fetch; the device replaced by a map.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmitRequest } from '../../../schema/submission-api.ts';

const device = new Map<string, unknown>();
vi.mock('../device-store.ts', () => ({
  getJson: async (name: string) => device.get(name),
  putJson: async (name: string, value: unknown) => void device.set(name, value),
  remove: async (...names: string[]) => {
    for (const name of names) device.delete(name);
  },
}));

const { queueSubmission, queuedSubmission, sendQueuedSubmission } = await import(
  './submission-outbox.ts'
);

const applicationId = '5b0c3d55-51f4-4c8e-9f0e-0d0a7f1d2e3c';
const entry = {
  idempotencyKey: 'key-1',
  applicationId,
  payload: { documents: [] } as unknown as SubmitRequest,
  fileIds: [],
  queuedAt: '2025-01-19T10:00:00.000Z',
};
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const refusal = (status: number, code: string) =>
  Response.json({ error: { code, message: 'No' } }, { status });

beforeEach(async () => {
  device.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await queueSubmission(entry);
});
afterEach(() => vi.unstubAllGlobals());

describe('sending the queued submission', () => {
  it('sends the application id and the Idempotency-Key with it', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ message: 'Received', trackingToken: 't'.repeat(32) }),
    );
    expect((await sendQueuedSubmission()).kind).toBe('sent');
    const headers = new Headers(fetchMock.mock.calls[0]![1].headers);
    expect(headers.get('Application-Id')).toBe(applicationId);
    expect(headers.get('Idempotency-Key')).toBe('key-1');
  });

  it('leaves out the application id an entry of an older version does not have', async () => {
    const { applicationId: _, ...older } = entry;
    await queueSubmission(older);
    fetchMock.mockResolvedValueOnce(
      Response.json({ message: 'Received', trackingToken: 't'.repeat(32) }),
    );
    await sendQueuedSubmission();
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).has('Application-Id')).toBe(false);
  });

  it.each([
    [503, 'unavailable'],
    [500, 'error'],
    [429, 'rate_limited'],
  ])('keeps it queued when the server answers %i', async (status, code) => {
    fetchMock.mockResolvedValueOnce(refusal(status, code));
    const outcome = await sendQueuedSubmission();
    expect(outcome.kind).toBe('busy');
    expect(await queuedSubmission()).toEqual(entry);
  });

  it('hands a refusal of this request to the page', async () => {
    fetchMock.mockResolvedValueOnce(refusal(409, 'application_already_submitted'));
    const outcome = await sendQueuedSubmission();
    expect(outcome.kind).toBe('rejected');
  });
});
