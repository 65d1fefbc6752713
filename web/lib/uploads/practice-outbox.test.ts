// The manager's queued practice (decision 130): the service worker (no upload queue) sends it
// only once its documents are written in; every try of the practice and of each invitation
// carries the same Idempotency-Key, so an answer lost on the way is asked for again under it;
// the outcome is kept for whichever page shows it next.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const records = new Map<string, unknown>();
vi.mock('../device-store.ts', () => ({
  getJson: async (name: string) => structuredClone(records.get(name)),
  putJson: async (name: string, value: unknown) => void records.set(name, structuredClone(value)),
  remove: async (...names: string[]) => {
    for (const name of names) records.delete(name);
  },
}));

type Call = { path: string; body: unknown; key?: string };
const calls: Call[] = [];
/** Paths whose next answer is lost on the way (the server did the work). */
const loseNext = new Set<string>();
/** Paths whose next answer is a refusal (422 with a field's message). */
const refuseNext = new Set<string>();
vi.mock('../api-client.ts', () => ({
  request: async (
    endpoint: { path: string },
    options: { body?: unknown; headers?: Record<string, string>; params?: { token?: string } },
  ) => {
    calls.push({
      path: endpoint.path,
      body: options.body,
      key: options.headers?.['Idempotency-Key'],
    });
    const answer =
      endpoint.path === '/api/practices'
        ? { message: 'ok', practiceToken: 'manager-secret' }
        : { invitationId: `inv-${calls.length}` };
    if (loseNext.delete(endpoint.path)) throw new TypeError('Failed to fetch');
    if (refuseNext.delete(endpoint.path)) {
      const { ApiError } = await import('../api-error.ts');
      const error = {
        code: 'invalid',
        message: 'Check the practice.',
        fields: { name: 'Too short' },
      };
      throw new ApiError('422', 422, { error });
    }
    return answer;
  },
}));
vi.stubGlobal('navigator', { onLine: true });

const { queuePractice, sendQueuedPractice, practiceResult } = await import('./practice-outbox.ts');
type Files = Parameters<typeof sendQueuedPractice>[0];

const file = (stage: 'uploading' | 'done') =>
  [
    {
      id: 'p1',
      sectionKey: 'bank_letter',
      practice: true,
      name: 'bank.pdf',
      type: 'application/pdf',
      size: 4,
      originalSize: 4,
      addedAt: '2026-11-27T00:00:00.000Z',
      stage,
      url: stage === 'done' ? '/api/storage/uploads/p1' : undefined,
      uploadedAt: stage === 'done' ? '2026-11-27T00:01:00.000Z' : undefined,
      bytesSent: 0,
    },
  ] as unknown as Files;

const queue = () =>
  queuePractice({
    request: { name: 'Sea Point Practice' } as never,
    files: [{ fileId: 'p1', sectionKey: 'bank_letter', sectionLabel: 'Proof of Banking Details' }],
    invitees: [
      { name: 'Dr A', email: 'a@example.co.za', idempotencyKey: 'invite-a' },
      { name: 'Dr B', email: 'b@example.co.za' },
    ],
    queuedAt: '2026-11-27T00:00:00.000Z',
    idempotencyKey: 'practice-key',
  });

beforeEach(() => {
  records.clear();
  calls.length = 0;
  loseNext.clear();
  refuseNext.clear();
});

describe('the queued practice', () => {
  it('waits in the service worker until a page has written its documents in, then goes from there', async () => {
    await queue();
    expect(await sendQueuedPractice(null)).toMatchObject({ kind: 'waiting' });
    expect(await sendQueuedPractice(file('uploading'))).toMatchObject({ kind: 'waiting' });
    expect(calls).toHaveLength(0);

    navigatorOffline(true);
    expect(await sendQueuedPractice(file('done'))).toEqual({ kind: 'offline' });
    navigatorOffline(false);
    // No upload queue in the service worker: the documents written in are enough.
    const sent = await sendQueuedPractice(null);
    expect(sent).toEqual({ kind: 'sent', practiceToken: 'manager-secret', refused: [] });
    const created = calls[0]!;
    expect(created).toMatchObject({ path: '/api/practices', key: 'practice-key' });
    expect((created.body as { documents: { url: string }[] }).documents[0]!.url).toBe(
      '/api/storage/uploads/p1',
    );
    expect(await practiceResult()).toEqual(sent);
    // Sent once: asked again, the kept outcome, no second request.
    expect(await sendQueuedPractice(null)).toEqual(sent);
    expect(calls).toHaveLength(3);
  });

  it('asks again under the same key after an answer lost on the way', async () => {
    await queue();
    loseNext.add('/api/practices');
    loseNext.add('/api/practices/:token/invitations');
    expect(await sendQueuedPractice(file('done'))).toEqual({ kind: 'offline' });
    expect(await sendQueuedPractice(file('done'))).toEqual({ kind: 'offline' });
    expect(await sendQueuedPractice(file('done'))).toMatchObject({ kind: 'sent' });
    const keys = (path: string) => calls.filter((c) => c.path === path).map((c) => c.key);
    expect(keys('/api/practices')).toEqual(['practice-key', 'practice-key']);
    const invited = calls.filter((c) => c.path === '/api/practices/:token/invitations');
    const keyOf = (email: string) =>
      invited.filter((c) => (c.body as { email: string }).email === email).map((c) => c.key);
    expect(keyOf('a@example.co.za')).toEqual(['invite-a', 'invite-a']);
    // An entry queued before invitees kept a key gets one, the same for every try.
    const [b] = keyOf('b@example.co.za');
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf('b@example.co.za')).toEqual([b]);
  });

  it('keeps a refusal for the page that shows it, wherever it was sent from', async () => {
    await queue();
    refuseNext.add('/api/practices');
    const refused = {
      kind: 'refused',
      message: 'Check the practice.',
      fields: { name: 'Too short' },
    };
    expect(await sendQueuedPractice(null)).toMatchObject({ kind: 'waiting' });
    expect(await sendQueuedPractice(file('done'))).toEqual(refused);
    // The manager's wizard, opened later, is given the same reasons; nothing is sent again.
    expect(await sendQueuedPractice(null)).toEqual(refused);
    expect(await practiceResult()).toEqual(refused);
    expect(calls).toHaveLength(1);
  });
});

function navigatorOffline(offline: boolean) {
  (navigator as { onLine: boolean }).onLine = !offline;
}
