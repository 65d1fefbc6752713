import { getDefaultStore } from 'jotai';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The device store stands in with writes that finish out of order: the first save is slow
// (as an encryption on a busy phone can be), the next ones are fast.
const stored: { notes: string }[] = [];
let slowNext = false;
vi.mock('../../lib/device-store.ts', () => ({
  expireStaleDeviceData: async () => false,
  getJson: async () => undefined,
  putJson: async (_name: string, value: { additionalNotes: string }) => {
    const snapshot = { notes: value.additionalNotes };
    if (slowNext) {
      slowNext = false;
      await new Promise((done) => setTimeout(done, 50));
    }
    stored.push(snapshot);
  },
}));

const listeners = { addEventListener: () => {}, visibilityState: 'visible' };
vi.stubGlobal('document', listeners);
vi.stubGlobal('window', listeners);

const {
  draftAtom,
  draftSavedAtom,
  resetDraft,
  restoredDraft,
  saveDraftNow,
  startDraftPersistence,
} = await import('./draft.ts');
const store = getDefaultStore();
const tick = () => new Promise((done) => setTimeout(done, 10));
const setNotes = (additionalNotes: string) =>
  store.set(draftAtom, (d) => ({ ...d, additionalNotes }));

beforeAll(() => startDraftPersistence());

describe('saving the draft on the device', () => {
  it('leaves the latest draft stored when saves overlap', async () => {
    setNotes('first');
    slowNext = true;
    const first = saveDraftNow();
    setNotes('second');
    const second = saveDraftNow();
    await Promise.all([first, second]);
    expect(stored.at(-1)).toEqual({ notes: 'second' });
    expect(store.get(draftSavedAtom)).toBe('saved');
  });

  it('says saved only once the last change is written', async () => {
    setNotes('third');
    slowNext = true;
    const saving = saveDraftNow();
    await tick();
    setNotes('fourth');
    await saving;
    expect(stored.at(-1)).toEqual({ notes: 'third' });
    expect(store.get(draftSavedAtom)).toBe('saving');
    await saveDraftNow();
    expect(store.get(draftSavedAtom)).toBe('saved');
    expect(stored.at(-1)).toEqual({ notes: 'fourth' });
  });

  it('writes nothing of the old draft once it is reset', async () => {
    const count = stored.length;
    setNotes('private notes');
    const queued = saveDraftNow();
    await resetDraft();
    await queued;
    expect(stored.slice(count)).toEqual([]);
  });

  it('lets the device be wiped only after a write already under way', async () => {
    setNotes('private notes');
    slowNext = true;
    const writing = saveDraftNow();
    await tick();
    const count = stored.length;
    await resetDraft();
    // Had the wipe run before this write finished, the write would have put the draft back.
    expect(stored.slice(count)).toEqual([{ notes: 'private notes' }]);
    await writing;
  });
});

describe('the application id', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('is made with a new draft and kept with the draft on the device', () => {
    const fresh = restoredDraft(undefined);
    expect(fresh.applicationId).toMatch(UUID);
    expect(restoredDraft(fresh).applicationId).toBe(fresh.applicationId);
    // A draft kept by an older version gets one once, then keeps it.
    const older = restoredDraft({ additionalNotes: 'kept' });
    expect(older.applicationId).toMatch(UUID);
    expect(older.additionalNotes).toBe('kept');
  });

  it('is new after a reset: a new application, never the old one again', async () => {
    const before = store.get(draftAtom).applicationId;
    expect(before).toMatch(UUID);
    await resetDraft();
    const after = store.get(draftAtom).applicationId;
    expect(after).toMatch(UUID);
    expect(after).not.toBe(before);
  });
});
