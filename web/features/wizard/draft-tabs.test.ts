// Two wizard tabs on one device (issue 23): tab A types the last name, tab B the first name.
// Each tab is its own copy of the draft module; they share the device store, the Web Locks
// (a lock manager that queues and grants as the browser's does, released when a tab closes)
// and BroadcastChannel (Node's own). Nothing either tab typed may be lost.
import { afterAll, expect, it, vi } from 'vitest';
import type { Draft } from './draft.ts';

const device = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../lib/device-store.ts', () => ({
  expireStaleDeviceData: async () => false,
  getJson: async (name: string) => structuredClone(device.get(name)),
  putJson: async (name: string, value: unknown) => {
    device.set(name, structuredClone(value));
  },
}));
vi.mock('../../lib/uploads/submission-outbox.ts', () => ({ queuedSubmission: async () => null }));

type Held = { name: string; tab: string; release: () => void };
type Waiting = { name: string; tab: string; start: () => void };
const held: Held[] = [];
const waiting: Waiting[] = [];

function grantNext(name: string) {
  if (held.some((h) => h.name === name)) return;
  const next = waiting.find((w) => w.name === name);
  if (!next) return;
  waiting.splice(waiting.indexOf(next), 1);
  next.start();
}

function locksFor(tab: string) {
  return {
    request(
      name: string,
      options: { ifAvailable?: boolean } | ((lock: unknown) => unknown),
      callback?: (lock: unknown) => unknown,
    ) {
      const run = (typeof options === 'function' ? options : callback) as (l: unknown) => unknown;
      const ifAvailable = typeof options === 'object' && options.ifAvailable;
      if (ifAvailable && held.some((h) => h.name === name)) return Promise.resolve(run(null));
      return new Promise((resolve) => {
        const start = () => {
          const entry: Held = { name, tab, release: () => {} };
          held.push(entry);
          const release = () => {
            const i = held.indexOf(entry);
            if (i < 0) return;
            held.splice(i, 1);
            grantNext(name);
          };
          entry.release = release;
          void Promise.resolve(run({ name })).then((value) => {
            release();
            resolve(value);
          });
        };
        waiting.push({ name, tab, start });
        grantNext(name);
      });
    },
  };
}

/** The browser lets a closed tab's locks go and forgets its requests. */
function closeTab(tab: string) {
  for (const w of waiting.filter((x) => x.tab === tab)) waiting.splice(waiting.indexOf(w), 1);
  for (const h of held.filter((x) => x.tab === tab)) h.release();
}

const quiet = { addEventListener: () => {}, visibilityState: 'visible' };
vi.stubGlobal('document', quiet);
vi.stubGlobal('window', quiet);

async function openTab(tab: string) {
  vi.resetModules();
  Object.defineProperty(globalThis.navigator, 'locks', {
    value: locksFor(tab),
    configurable: true,
  });
  const { getDefaultStore } = await import('jotai');
  const draft = await import('./draft.ts');
  await draft.startDraftPersistence();
  const store = getDefaultStore();
  return {
    type: (change: Partial<Draft['practitioner']>) =>
      store.set(draft.draftAtom, (d) => ({ ...d, practitioner: { ...d.practitioner, ...change } })),
    shows: () => store.get(draft.draftAtom).practitioner,
  };
}

const stored = () => (device.get('wizard-draft') as Draft | undefined)?.practitioner;
const settle = () => new Promise((done) => setTimeout(done, 400));

afterAll(() => {
  for (const h of [...held]) h.release();
});

it('tab A types the last name, tab B the first name: after reloading, both are there', async () => {
  const a = await openTab('A');
  const b = await openTab('B');

  a.type({ lastName: 'Mokoena' });
  await settle();
  expect(stored()?.lastName).toBe('Mokoena');
  // Tab B (read-only while A writes) follows A's saves, and what it is given never
  // overwrites them.
  await vi.waitFor(() => expect(b.shows().lastName).toBe('Mokoena'));
  b.type({ firstName: 'Thandi' });
  await settle();
  expect(stored()?.lastName).toBe('Mokoena');

  // Tab A is reloaded (its page goes away): B writes from now on, starting from the device.
  closeTab('A');
  await vi.waitFor(() => expect(b.shows().lastName).toBe('Mokoena'));
  await settle();
  b.type({ firstName: 'Thandi' });
  await settle();
  // A's reload, and B's: both names are on the device.
  closeTab('B');
  const reloaded = await openTab('A2');
  expect(reloaded.shows()).toMatchObject({ firstName: 'Thandi', lastName: 'Mokoena' });
});
