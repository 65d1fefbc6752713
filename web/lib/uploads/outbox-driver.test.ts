// The app shell drives what waits on the device at every start, on any page: Background Sync is
// registered again (Chrome gives a sync up after 3 tries), and a waiting application's files
// are sent and the application with them once they are all up.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const records = new Map<string, unknown>();
/** While set, reading the replacement outbox (the drive's last step) waits for it. */
let replacementsRead: Promise<void> | undefined;
vi.mock('../device-store.ts', () => ({
  DeviceStorageFullError: class extends Error {},
  getJson: async (name: string) => {
    if (name === 'replacement-outbox') await replacementsRead;
    return structuredClone(records.get(name));
  },
  putJson: async (name: string, value: unknown) => void records.set(name, structuredClone(value)),
  remove: async (...names: string[]) => {
    for (const name of names) records.delete(name);
  },
  getBytes: async () => undefined,
  putBytes: async () => {},
  recordNames: async () => [],
  expireStaleDeviceData: async () => false,
}));

const submitted: unknown[] = [];
vi.mock('../api-client.ts', () => ({
  request: async (endpoint: { path: string }, options: { body?: unknown }) => {
    if (endpoint.path === '/api/submissions') {
      submitted.push(options.body);
      return { message: 'ok', trackingToken: 'tok-1', reference: 'R-1' };
    }
    throw new Error(endpoint.path);
  },
}));

const registered: string[] = [];
const connection = {
  onLine: true,
  serviceWorker: {
    ready: Promise.resolve({
      sync: { register: async (tag: string) => void registered.push(tag) },
    }),
  },
};
vi.stubGlobal('navigator', connection);
vi.stubGlobal('window', Object.assign(new EventTarget(), { SyncManager: class {} }));

const { driveOutboxes } = await import('./outbox-driver.ts');
const store = await import('./store.ts');
const { queueWaitingApplication } = await import('./application-outbox.ts');

const uploadedFile = (stage: 'uploading' | 'done') =>
  ({
    id: 'f1',
    sectionKey: 'certified_id',
    name: 'id.pdf',
    type: 'application/pdf',
    size: 4,
    originalSize: 4,
    addedAt: '2026-11-27T00:00:00.000Z',
    stage,
    url: stage === 'done' ? '/api/storage/uploads/u1' : undefined,
    bytesSent: stage === 'done' ? 4 : 0,
  }) as Parameters<typeof store.setUploads>[0][number];

const payload = {
  practiceType: 'medical',
  documents: [],
} as unknown as import('../../../schema/submission-api.ts').SubmitRequest;

/** The application waits on the device for the file f1. */
const queueWaitingForTheFile = () =>
  queueWaitingApplication({
    idempotencyKey: 'k',
    applicationId: 'a',
    payload,
    fileIds: [],
    awaiting: [{ fileId: 'f1', sectionKey: 'certified_id', sectionLabel: 'Certified ID' }],
    queuedAt: '2026-11-27T00:00:00.000Z',
  });

beforeEach(() => {
  records.clear();
  registered.length = 0;
  submitted.length = 0;
  connection.onLine = true;
});

describe('driving the outboxes at start', () => {
  it('registers Background Sync again when a submission is queued', async () => {
    records.set('submission-outbox', {
      idempotencyKey: 'k',
      applicationId: 'a',
      payload,
      fileIds: [],
      queuedAt: '2026-11-27T00:00:00.000Z',
    });
    connection.onLine = false;
    await driveOutboxes();
    expect(registered).toContain('submit-application');
  });

  it('sends a waiting application once its files are up, with their documents, once', async () => {
    store.setUploads([uploadedFile('done')]);
    await queueWaitingForTheFile();
    const first = await driveOutboxes();
    const second = await driveOutboxes();
    expect(first.application).toEqual({ kind: 'sent', trackingToken: 'tok-1' });
    expect(second.application.kind).not.toBe('waiting');
    expect(submitted).toHaveLength(1);
    expect((submitted[0] as { documents: { url: string }[] }).documents.map((d) => d.url)).toEqual([
      '/api/storage/uploads/u1',
    ]);
    expect(records.has('application-outbox')).toBe(false);
  });

  it('drives again when asked during a drive: the last file finishing just after it looked', async () => {
    store.setUploads([uploadedFile('uploading')]);
    await queueWaitingForTheFile();
    let release = () => {};
    replacementsRead = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = driveOutboxes();
    // The first drive has seen the file still uploading and is on its last step.
    await vi.waitFor(() => expect(store.uploadsSnapshot().files).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    store.setUploads([uploadedFile('done')]);
    const second = driveOutboxes();
    const third = driveOutboxes();
    replacementsRead = undefined;
    release();
    expect((await first).application.kind).toBe('waiting');
    expect((await second).application).toEqual({ kind: 'sent', trackingToken: 'tok-1' });
    expect(await third).toEqual(await second);
    expect(submitted).toHaveLength(1);
  });

  it("registers the practice's Background Sync only once its files are up (decision 130)", async () => {
    store.setUploads([{ ...uploadedFile('uploading'), practice: true }]);
    records.set('practice-outbox', {
      request: {},
      files: [{ fileId: 'f1', sectionKey: 'bank_letter', sectionLabel: 'Bank letter' }],
      invitees: [],
      queuedAt: '2026-11-27T00:00:00.000Z',
    });
    connection.onLine = false;
    expect((await driveOutboxes()).practice).toEqual({ kind: 'waiting', moving: 1, failed: 0 });
    expect(registered).not.toContain('send-practice');
    store.setUploads([{ ...uploadedFile('done'), practice: true }]);
    expect((await driveOutboxes()).practice).toEqual({ kind: 'queued' });
    expect(registered).toContain('send-practice');
    // Its documents are written in: the service worker sends it with no upload queue.
    expect(records.get('practice-outbox')).toMatchObject({
      documents: [{ url: '/api/storage/uploads/u1', sectionKey: 'bank_letter' }],
    });
  });
});
