// A small read cache for the dashboard's staff calls (SPEC §7: reads are cached under their
// key, not refetched on focus or retried, and refreshed only when an action changes them).
// Each key keeps its loader so `refresh` can reload what an action touched; a query library
// would do the same at several times the size.
import { useCallback, useEffect, useSyncExternalStore } from 'react';

export type CacheEntry<T> = {
  data: T | undefined;
  error: unknown;
  loading: boolean;
};

type Slot = CacheEntry<unknown> & { load: () => Promise<unknown>; generation: number };

const slots = new Map<string, Slot>();
const listeners = new Set<() => void>();
const EMPTY: CacheEntry<never> = { data: undefined, error: undefined, loading: true };

function notify() {
  for (const listener of listeners) listener();
}

function run(key: string) {
  const slot = slots.get(key);
  if (!slot) return;
  const generation = slot.generation + 1;
  slots.set(key, { ...slot, loading: true, generation });
  notify();
  slot.load().then(
    (data) => settle(key, generation, { data, error: undefined }),
    (error: unknown) => settle(key, generation, { data: slots.get(key)?.data, error }),
  );
}

function settle(key: string, generation: number, result: { data: unknown; error: unknown }) {
  const slot = slots.get(key);
  // A newer load (or a clear) has happened since: its answer wins.
  if (!slot || slot.generation !== generation) return;
  slots.set(key, { ...slot, ...result, loading: false });
  notify();
}

/** Loads `key` once and keeps the answer until `refresh` or `clearStaffCache`. */
export function ensureLoaded(key: string, load: () => Promise<unknown>) {
  if (slots.has(key)) return;
  slots.set(key, { ...EMPTY, load, generation: 0 });
  run(key);
}

/** Reloads every cached key that starts with one of the prefixes; the old data stays shown meanwhile. */
export function refresh(...prefixes: string[]) {
  for (const key of [...slots.keys()]) {
    if (prefixes.some((p) => key.startsWith(p))) run(key);
  }
}

/** Forgets one key, e.g. a submission that was just deleted. */
export function forget(key: string) {
  slots.delete(key);
  notify();
}

/** Logout empties everything (SPEC §7). */
export function clearStaffCache() {
  slots.clear();
  notify();
}

/** The current entry of a key, or undefined when nothing is cached under it. */
export function peek<T>(key: string): CacheEntry<T> | undefined {
  const slot = slots.get(key);
  return slot && { data: slot.data as T, error: slot.error, loading: slot.loading };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCached<T>(key: string, load: () => Promise<T>): CacheEntry<T> {
  const snapshot = useCallback(() => (slots.get(key) ?? EMPTY) as CacheEntry<T>, [key]);
  const entry = useSyncExternalStore(subscribe, snapshot, snapshot);
  // The loader closes over the key only, so the first one registered is as good as any.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => ensureLoaded(key, load), [key]);
  return entry;
}
