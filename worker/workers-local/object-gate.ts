// The order R2 keeps between requests on one object, for the local stand-in (object-server.ts).
// R2 shows an object whole or not at all; s3rver writes an object's file, then its MD5, then
// its metadata, and reads them back unlocked, so a HEAD, GET or listing beside a write can see
// half an object or fail parsing half a metadata file (a 500 R2 never gives). Here a write
// holds its key alone; reads of a key share it; a listing, which reads every object's
// metadata, waits for the writes in flight and holds new ones back until it has answered.

type Waiter = { exclusive: boolean; start: () => void };

/** A first-come, first-served readers-writer lock: a queued write is not overtaken by reads. */
function readWriteLock() {
  let readers = 0;
  let writing = false;
  const queue: Waiter[] = [];
  function admit() {
    while (queue.length > 0) {
      const next = queue[0]!;
      if (writing || (next.exclusive && readers > 0)) return;
      queue.shift();
      if (next.exclusive) writing = true;
      else readers++;
      next.start();
    }
  }
  async function hold<T>(exclusive: boolean, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      queue.push({ exclusive, start });
      admit();
    });
    try {
      return await work();
    } finally {
      if (exclusive) writing = false;
      else readers--;
      admit();
    }
  }
  return {
    shared: <T>(work: () => Promise<T>) => hold(false, work),
    exclusive: <T>(work: () => Promise<T>) => hold(true, work),
    idle: () => readers === 0 && !writing && queue.length === 0,
  };
}

export function objectGate() {
  const keys = new Map<string, ReturnType<typeof readWriteLock>>();
  /** Writes share it with each other; a listing holds it alone. */
  const bucket = readWriteLock();

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
    write: <T>(key: string, work: () => Promise<T>) => bucket.shared(() => onKey(key, true, work)),
    /** Listing the bucket. */
    list: <T>(work: () => Promise<T>) => bucket.exclusive(work),
    /** Keys with a request in flight or waiting (tests: nothing is left held). */
    held: () => keys.size,
  };
}
