import { getDefaultStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';

// The device store stands in with a read that is slow (a first visit, while the service worker
// installs) and a saved part of this invitation in it.
const writes: unknown[] = [];
let finishRead: ((value: unknown) => void) | undefined;
vi.mock('../../lib/device-store.ts', () => ({
  getJson: () => new Promise((resolve) => (finishRead = resolve)),
  putJson: async (_name: string, value: unknown) => {
    writes.push(structuredClone(value));
  },
}));

const { joinDraftAtom, newJoinDraft, startJoinDraft, updateJoinDraft } = await import(
  './join-draft.ts'
);

describe("an invited practitioner's part read back from the device", () => {
  it('can be typed at once, and keeps what was typed while the device copy is read', async () => {
    const store = getDefaultStore();
    const started = startJoinDraft('secret-1', 'thandi@example.com');
    expect(store.get(joinDraftAtom)?.invitation).toBe('secret-1');
    updateJoinDraft((d) => ({ ...d, practitioner: { ...d.practitioner, firstName: 'Thandi' } }));
    const saved = newJoinDraft('secret-1', 'old@example.com');
    finishRead?.({
      ...saved,
      practitioner: { ...saved.practitioner, firstName: 'Sipho', lastName: 'Nkosi' },
      hpcsaNumber: 'MP0123456',
      unticked: ['Discovery Health'],
    });
    await started;
    const kept = {
      invitation: 'secret-1',
      practitioner: { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.com' },
      hpcsaNumber: 'MP0123456',
      unticked: ['Discovery Health'],
      applicationId: saved.applicationId,
    };
    expect(store.get(joinDraftAtom)).toMatchObject(kept);
    await vi.waitFor(() => expect(writes.at(-1)).toMatchObject(kept));
  });
});
