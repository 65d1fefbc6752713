import { getDefaultStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';

// The device store stands in with a read that is slow (a first visit, while the service worker
// installs) and a saved draft in it; what the practitioner did meanwhile must survive the read.
const writes: unknown[] = [];
let finishRead: ((value: unknown) => void) | undefined;
vi.mock('../../lib/device-store.ts', () => ({
  expireStaleDeviceData: async () => false,
  getJson: () => new Promise((resolve) => (finishRead = resolve)),
  putJson: async (_name: string, value: unknown) => {
    writes.push(structuredClone(value));
  },
}));
vi.mock('../../lib/uploads/submission-outbox.ts', () => ({ queuedSubmission: async () => null }));

// Node has no page: the save-on-hide listeners need somewhere to go.
const listeners = { addEventListener: () => {}, visibilityState: 'visible' };
vi.stubGlobal('document', listeners);
vi.stubGlobal('window', listeners);

const { draftAtom, draftLoadedAtom, startDraftPersistence } = await import('./draft.ts');

describe("the wizard's draft read back from the device", () => {
  it('keeps a choice and a name typed while the device copy is read, over the copy, and saves them', async () => {
    const store = getDefaultStore();
    const started = startDraftPersistence();
    store.set(draftAtom, (d) => ({ ...d, practiceType: 'established' }));
    store.set(draftAtom, (d) => ({
      ...d,
      practitioner: { ...d.practitioner, firstName: 'Thandi' },
    }));
    await vi.waitFor(() => expect(finishRead).toBeDefined());
    finishRead?.({
      practiceType: 'new',
      practitioner: { firstName: 'Sipho', lastName: 'Nkosi' },
      hpcsaNumber: 'MP0123456',
      applicationId: 'stored-application',
    });
    await started;
    expect(store.get(draftLoadedAtom)).toBe(true);
    const kept = {
      practiceType: 'established',
      practitioner: { firstName: 'Thandi', lastName: 'Nkosi' },
      hpcsaNumber: 'MP0123456',
      applicationId: 'stored-application',
    };
    expect(store.get(draftAtom)).toMatchObject(kept);
    await vi.waitFor(() => expect(writes.at(-1)).toMatchObject(kept));
  });
});
