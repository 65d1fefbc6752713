import { getDefaultStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';

// The device store stands in with a read that is slow (a first visit, while the service worker
// installs) and a saved draft in it; what the manager chose meanwhile must survive the read.
const writes: unknown[] = [];
let finishRead: (value: unknown) => void = () => {};
vi.mock('../../lib/device-store.ts', () => ({
  getJson: () => new Promise((resolve) => (finishRead = resolve)),
  putJson: async (_name: string, value: unknown) => {
    writes.push(value);
  },
  remove: async () => {},
}));

// Node has no page: the save-on-hide listeners need somewhere to go.
const listeners = { addEventListener: () => {}, visibilityState: 'visible' };
vi.stubGlobal('document', listeners);
vi.stubGlobal('window', listeners);

const { practiceDraftAtom, practiceDraftLoadedAtom, startPracticeDraft } = await import(
  './practice-draft.ts'
);

describe("the practice manager's draft", () => {
  it('keeps a choice made while the device copy is read, over the copy, and saves it', async () => {
    const store = getDefaultStore();
    const started = startPracticeDraft();
    store.set(practiceDraftAtom, (d) => ({ ...d, practiceType: 'established' }));
    finishRead({ name: 'Sea Point Family Practice', practiceType: 'new' });
    await started;
    expect(store.get(practiceDraftLoadedAtom)).toBe(true);
    expect(store.get(practiceDraftAtom)).toMatchObject({
      practiceType: 'established',
      name: 'Sea Point Family Practice',
    });
    await vi.waitFor(() =>
      expect(writes.at(-1)).toMatchObject({
        practiceType: 'established',
        name: 'Sea Point Family Practice',
      }),
    );
  });
});
