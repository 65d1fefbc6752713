// Wiping the draft after a submit or 'Start over' keeps an earlier application's replacements.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedFile } from './uploads/store.ts';

const device = new Map<string, unknown>();
vi.mock('./device-store.ts', () => ({
  getBytes: async (name: string) => (device.get(name) as ArrayBuffer | undefined)?.slice(0),
  // Copies in and out, as IndexedDB does.
  putBytes: async (name: string, bytes: ArrayBuffer) => void device.set(name, bytes.slice(0)),
  getJson: async (name: string) => device.get(name),
  putJson: async (name: string, value: unknown) => void device.set(name, value),
  remove: async (...names: string[]) => {
    for (const name of names) device.delete(name);
  },
  clearDevice: async () => device.clear(),
  clearDeviceExcept: async (kept: string[]) => {
    for (const name of [...device.keys()]) if (!kept.includes(name)) device.delete(name);
  },
}));

const file = (id: string, extra: Partial<QueuedFile> = {}): QueuedFile => ({
  id,
  sectionKey: 'certified_id',
  name: `${id}.pdf`,
  type: 'application/pdf',
  size: 4,
  originalSize: 4,
  addedAt: '2025-01-19T00:00:00.000Z',
  stage: 'queued',
  bytesSent: 0,
  ...extra,
});
const replacement = { token: 'tok', documentId: 'doc-1' };

let store: typeof import('./uploads/store.ts');
let queue: typeof import('./uploads/queue.ts');
let wipe: typeof import('./device-wipe.ts');
beforeEach(async () => {
  device.clear();
  vi.resetModules();
  store = await import('./uploads/store.ts');
  queue = await import('./uploads/queue.ts');
  wipe = await import('./device-wipe.ts');
});

async function holding(files: QueuedFile[]) {
  for (const f of files) device.set(`file:${f.id}`, new ArrayBuffer(4));
  device.set('wizard-draft', { practiceType: 'new' });
  device.set('submission-outbox', { body: {} });
  store.setUploads(files);
  await store.uploadsPersisted();
}

describe('wiping the draft from the device', () => {
  it('wipes everything when no replacement is on its way', async () => {
    await holding([file('a'), file('b')]);
    queue.resetUploads();
    await wipe.wipeDraftFromDevice();
    expect([...device.keys()]).toEqual([]);
  });

  it("keeps a replacement's file, its bytes and the replacement outbox", async () => {
    await holding([file('a'), file('r', { replacement })]);
    device.set('replacement-outbox', [{ documentId: 'doc-1' }]);
    queue.resetUploads();
    await wipe.wipeDraftFromDevice();
    expect([...device.keys()].sort()).toEqual(['file:r', 'replacement-outbox', 'upload:r']);
    expect((device.get('upload:r') as { file: QueuedFile }).file.id).toBe('r');
    expect(store.uploadsSnapshot().files.map((f) => f.id)).toEqual(['r']);
  });

  it('keeps a replacement waiting to be sent after its file was handed over', async () => {
    await holding([file('a')]);
    device.set('replacement-outbox', [{ documentId: 'doc-1' }]);
    queue.resetUploads();
    await wipe.wipeDraftFromDevice();
    expect([...device.keys()].sort()).toEqual(['replacement-outbox']);
  });

  it("keeps a replacement's scan in progress, and wipes the sections' scans", async () => {
    await holding([file('a')]);
    const scan = ['scan-pages:replacement-doc-1', 'scan-picture:p1', 'scan-thumbnail:p1'];
    for (const name of [...scan, 'scan-pages:certified_id', 'scan-picture:p2'])
      device.set(name, {});
    queue.resetUploads();
    await wipe.wipeDraftFromDevice(scan);
    expect([...device.keys()].sort()).toEqual(scan);
  });

  it("leaves a practice manager's files, draft and queued practice on the same device", async () => {
    await holding([file('a'), file('p', { sectionKey: 'bank_proof', practice: true })]);
    device.set('practice-draft', { name: 'Sea Point' });
    device.set('practice-outbox', { invitees: [] });
    queue.resetUploads();
    await wipe.wipeDraftFromDevice();
    expect([...device.keys()].sort()).toEqual([
      'file:p',
      'practice-draft',
      'practice-outbox',
      'upload:p',
    ]);
  });
});
