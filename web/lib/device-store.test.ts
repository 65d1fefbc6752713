// The 30-day expiry of what the device keeps (docs/decisions/035-device-data-lifetime.md): it is
// counted from the last use, which a clock set back never moves backwards; opening the app is a
// use; and what is queued to leave the device (an application, a replacement) never expires.
// IndexedDB is an in-memory map here; the sealing is the real one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const records = new Map<IDBValidKey, unknown>();
vi.mock('idb-keyval', () => ({
  createStore: () => ({}),
  get: async (name: IDBValidKey) => records.get(name),
  set: async (name: IDBValidKey, value: unknown) => void records.set(name, value),
  update: async (name: IDBValidKey, change: (old: unknown) => unknown) =>
    void records.set(name, change(records.get(name))),
  keys: async () => [...records.keys()],
  delMany: async (names: IDBValidKey[]) => {
    for (const name of names) records.delete(name);
  },
  clear: async () => records.clear(),
}));

let store: typeof import('./device-store.ts');

const DAY = 24 * 60 * 60 * 1000;
const T = Date.parse('2026-11-01T08:00:00Z');

/** A fresh module: as after a reload. */
async function reload() {
  vi.resetModules();
  store = await import('./device-store.ts');
}

beforeEach(async () => {
  records.clear();
  await reload();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

async function useAt(time: number, name = 'wizard-draft') {
  vi.setSystemTime(time);
  await store.putJson(name, { at: time });
  // The use is recorded beside the write, not awaited by it.
  await new Promise((resolve) => setTimeout(resolve, 0));
}
const expire = (now: number) => store.expireStaleDeviceData(now);
const read = (name: string) => store.getJson(name);

describe('the device data expiry', () => {
  it('a clock set back does not move the last use backwards', async () => {
    await useAt(T);
    // The clock is wrong by 40 days for a while (a phone whose battery died), then corrected.
    await reload();
    await useAt(T - 40 * DAY + 5 * 60_000);
    expect(await expire(T + 10 * DAY)).toBe(false);
    expect(await read('wizard-draft')).toBeDefined();
  });

  it('opening the app counts as use', async () => {
    await useAt(T);
    expect(await expire(T + 20 * DAY)).toBe(false);
    // 45 days after the last edit but 25 after the last opening: kept.
    expect(await expire(T + 45 * DAY)).toBe(false);
    expect(await read('wizard-draft')).toBeDefined();
  });

  it('what is queued to leave the device never expires', async () => {
    await useAt(T, 'submission-outbox');
    expect(await expire(T + 400 * DAY)).toBe(false);
    expect(await read('submission-outbox')).toEqual({ at: T });
  });

  it('data nobody used for 30 days is still wiped', async () => {
    await useAt(T);
    expect(await expire(T + 31 * DAY)).toBe(true);
    expect(await read('wizard-draft')).toBeUndefined();
  });
});
