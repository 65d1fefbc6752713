// What the practitioner's device keeps between sittings: the wizard draft, the files' bytes,
// the upload queue and a queued submission. Everything is sealed with the device key
// (sealed-box.ts); the key itself sits in the same IndexedDB as a non-extractable CryptoKey.
// Used by the page and by the service worker (web/sw.ts), so no DOM-only APIs here.
import { clear, createStore, delMany, get, keys, set, update } from 'idb-keyval';
import { PRACTICE_OUTBOX_RECORD } from './practice-records.ts';
import {
  generateDeviceKey,
  isSealed,
  openBytes,
  openJson,
  release,
  sealBytes,
  sealJson,
} from './sealed-box.ts';

const store = createStore('practitioner-device', 'records');
const KEY_RECORD = 'device-key';
const LAST_USED_RECORD = 'last-used';
/** Drafts and photos left unused this long are wiped (docs/decisions/035-device-data-lifetime.md). */
export const DEVICE_DATA_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * The records of what is queued to leave the device: while one holds something, nothing is
 * expired (the practitioner asked for it to be sent; it is kept until sent or discarded).
 */
export const QUEUED_RECORDS = {
  submission: 'submission-outbox',
  replacements: 'replacement-outbox',
  application: 'application-outbox',
  practice: PRACTICE_OUTBOX_RECORD,
} as const;

export class DeviceStorageFullError extends Error {
  constructor() {
    super(
      'This device has run out of storage space for your application. Free up some space (or remove a large file) and try again.',
    );
  }
}

let keyPromise: Promise<CryptoKey> | null = null;

function deviceKey(): Promise<CryptoKey> {
  keyPromise ??= (async () => {
    const existing = await get<CryptoKey>(KEY_RECORD, store);
    if (existing) return existing;
    const fresh = await generateDeviceKey();
    // update() runs in one transaction: two tabs starting at once end up with one key.
    await update<CryptoKey>(KEY_RECORD, (old) => old ?? fresh, store);
    return (await get<CryptoKey>(KEY_RECORD, store))!;
  })();
  keyPromise.catch(() => {
    keyPromise = null;
  });
  return keyPromise;
}

async function write(name: string, value: unknown): Promise<void> {
  try {
    await set(name, value, store);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'QuotaExceededError') {
      throw new DeviceStorageFullError();
    }
    throw error;
  }
  void touch();
}

let lastTouch = 0;
async function touch(): Promise<void> {
  const now = Date.now();
  if (Math.abs(now - lastTouch) < 60_000) return;
  lastTouch = now;
  await recordUse(now);
}

/** The last use only moves forward: a clock set back for a while must not age the data. */
function recordUse(now: number): Promise<void> {
  return update<number>(
    LAST_USED_RECORD,
    (old) => (typeof old === 'number' && old > now ? old : now),
    store,
  );
}

export async function putJson(name: string, value: unknown): Promise<void> {
  await write(name, await sealJson(await deviceKey(), value));
}

/** The stored value, or undefined when absent or unreadable (e.g. sealed with a wiped key). */
export async function getJson<T>(name: string): Promise<T | undefined> {
  const sealed = await get(name, store);
  if (!isSealed(sealed)) return undefined;
  try {
    return await openJson<T>(await deviceKey(), sealed);
  } catch {
    return undefined;
  }
}

export async function putBytes(name: string, bytes: ArrayBuffer): Promise<void> {
  // ArrayBuffer rather than Blob: Safari cannot always keep Blobs in IndexedDB.
  const sealed = await sealBytes(await deviceKey(), bytes);
  await write(name, sealed);
  // IndexedDB took its own copy when the write was made.
  release(sealed.data);
}

export async function getBytes(name: string): Promise<ArrayBuffer | undefined> {
  const sealed = await get(name, store);
  if (!isSealed(sealed)) return undefined;
  try {
    return await openBytes(await deviceKey(), sealed);
  } catch {
    return undefined;
  } finally {
    release(sealed.data);
  }
}

/** The names of the records for which `matches` holds (e.g. one file's chunks). */
export async function recordNames(matches: (name: string) => boolean): Promise<string[]> {
  return (await keys(store)).filter(
    (name): name is string => typeof name === 'string' && matches(name),
  );
}

export async function remove(...names: string[]): Promise<void> {
  await delMany(names, store);
}

/** Wipes everything the device keeps, the key included: a new draft gets a new key. */
export async function clearDevice(): Promise<void> {
  await clear(store);
  keyPromise = null;
  lastTouch = 0;
}

/** Wipes every record but the named ones; the key stays, since what is kept is sealed with it. */
export async function clearDeviceExcept(kept: readonly string[]): Promise<void> {
  const keep = new Set<IDBValidKey>([KEY_RECORD, LAST_USED_RECORD, ...kept]);
  await delMany(
    (await keys(store)).filter((name) => !keep.has(name)),
    store,
  );
}

async function holdsQueued(): Promise<boolean> {
  for (const name of Object.values(QUEUED_RECORDS)) {
    const value = await getJson<unknown>(name);
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) return true;
  }
  return false;
}

/**
 * Run at start: data nobody used for 30 days is wiped, unless something is queued to leave
 * the device. Opening the app is a use.
 */
export async function expireStaleDeviceData(now = Date.now()): Promise<boolean> {
  const lastUsed = await get<number>(LAST_USED_RECORD, store);
  if (lastUsed !== undefined && now - lastUsed > DEVICE_DATA_TTL_MS && !(await holdsQueued())) {
    await clearDevice();
    return true;
  }
  await recordUse(now);
  return false;
}
