// The order R2 keeps between requests on one object, for the local stand-in (object-server.ts).
// R2 shows an object whole or not at all; s3rver writes an object's file, then its MD5, then
// its metadata, and reads them back unlocked, so a HEAD, GET or listing beside a write could
// see half an object or fail parsing half a metadata file (a 500 R2 never gives). Here a write
// holds its key alone and reads of the key share it, a read waiting only while a write holds
// the key. A listing, which reads every object's metadata, waits for the writes in flight. No
// request holds one lock while waiting for another, so none can wait on a request that waits
// on it.

/** A readers-writer lock that never makes a read wait for a write that is only waiting. */
function readWriteLock() {
  let readers = 0;
  /** Settles when the write holding the key has finished. */
  let writing: Promise<void> | null = null;
  const waiting: { exclusive: boolean; start: () => void; done: Promise<void> }[] = [];
  function admit() {
    for (let i = 0; i < waiting.length; ) {
      const next = waiting[i]!;
      if (writing || (next.exclusive && readers > 0)) {
        i++;
        continue;
      }
      waiting.splice(i, 1);
      if (next.exclusive) writing = next.done;
      else readers++;
      next.start();
    }
  }
  async function hold<T>(exclusive: boolean, work: () => Promise<T>): Promise<T> {
    let finish = () => {};
    const done = new Promise<void>((settle) => {
      finish = settle;
    });
    await new Promise<void>((start) => {
      waiting.push({ exclusive, start, done });
      admit();
    });
    try {
      return await work();
    } finally {
      if (exclusive) writing = null;
      else readers--;
      finish();
      admit();
    }
  }
  return {
    shared: <T>(work: () => Promise<T>) => hold(false, work),
    exclusive: <T>(work: () => Promise<T>) => hold(true, work),
    /** The write holding the key, if one does. */
    write: () => writing,
    idle: () => readers === 0 && !writing && waiting.length === 0,
  };
}

export function objectGate() {
  const keys = new Map<string, ReturnType<typeof readWriteLock>>();

  function onKey<T>(key: string, exclusive: boolean, work: () => Promise<T>): Promise<T> {
    let lock = keys.get(key);
    if (!lock) {
      lock = readWriteLock();
      keys.set(key, lock);
    }
    const held = lock;
    const run = exclusive ? held.exclusive(work) : held.shared(work);
    return run.finally(() => {
      if (held.idle() && keys.get(key) === held) keys.delete(key);
    });
  }

  return {
    /** A HEAD, GET or part listing of `key`. */
    read: <T>(key: string, work: () => Promise<T>) => onKey(key, false, work),
    /** A PUT, join, abort or DELETE that changes `key`. */
    write: <T>(key: string, work: () => Promise<T>) => onKey(key, true, work),
    /** Listing the bucket: after the writes in flight, holding nothing meanwhile. */
    list: async <T>(work: () => Promise<T>) => {
      const inFlight = [...keys.values()].map((lock) => lock.write()).filter(Boolean);
      await Promise.allSettled(inFlight);
      return work();
    },
  };
}
