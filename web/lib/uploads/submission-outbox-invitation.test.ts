// A practitioner's own part queued through their practice's invitation (decision 126) goes to
// the invitation's endpoint with the same Idempotency-Key and Application-Id as any application.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvitationSubmitRequest } from '../../../schema/practice-api.ts';
import type { SubmitRequest, SubmitResponse } from '../../../schema/submission-api.ts';

const device = new Map<string, unknown>();
vi.mock('../device-store.ts', () => ({
  getJson: async (name: string) => device.get(name),
  putJson: async (name: string, value: unknown) => void device.set(name, value),
  remove: async (...names: string[]) => {
    for (const name of names) device.delete(name);
  },
}));

const answer: SubmitResponse = { message: 'Received', trackingToken: 't'.repeat(32) };
const sent: { path: string; options: Record<string, unknown> }[] = [];
vi.mock('../api-client.ts', () => ({
  request: async (endpoint: { path: string }, options: Record<string, unknown>) => {
    sent.push({ path: endpoint.path, options });
    return answer;
  },
}));

const { queueSubmission, sendQueuedSubmission } = await import('./submission-outbox.ts');

const common = { idempotencyKey: 'key-1', applicationId: 'app-1', fileIds: [], queuedAt: '' };

beforeEach(() => {
  device.clear();
  sent.length = 0;
});

describe('the outbox sends where the entry says', () => {
  it("a practitioner's own part goes through their invitation", async () => {
    const payload = { selectedSchemes: ['bestmed'] } as unknown as InvitationSubmitRequest;
    await queueSubmission({ ...common, invitation: 'secret', payload });
    expect(await sendQueuedSubmission()).toEqual({ kind: 'sent', result: answer });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/api/practice-invitations/:token/submission');
    expect(sent[0]!.options).toMatchObject({
      params: { token: 'secret' },
      body: payload,
      headers: { 'Idempotency-Key': 'key-1', 'Application-Id': 'app-1' },
    });
  });

  it("an application of the wizard's goes to the spec's endpoint, as before", async () => {
    const payload = { submission: {} } as unknown as SubmitRequest;
    await queueSubmission({ ...common, payload });
    await sendQueuedSubmission();
    expect(sent[0]!.path).toBe('/api/submissions');
    expect(sent[0]!.options.params).toBeUndefined();
  });
});
