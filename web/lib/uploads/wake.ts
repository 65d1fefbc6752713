// The upload queue's waits, cut short when trying again now is likely to work: the page
// becoming visible again, the connection coming back or changing (a phone moving from a dead
// tower to Wi-Fi). docs/decisions/037-upload-queue.md.

const sleepers = new Set<() => void>();
let wakes = 0;

/** Counts wake-ups, so a wait can tell it was cut short by one. */
export function wakeCount(): number {
  return wakes;
}
const wakeListeners = new Set<() => void>();

/** Waits `ms`, or less if the queue is woken or the upload stopped. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      sleepers.delete(done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    sleepers.add(done);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Resolves on the `online` event (or when the upload is stopped). */
export function waitForConnection(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    window.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

/** Ends every wait now; listeners (the scheduler) hear of it. */
export function wakeUploads(): void {
  wakes += 1;
  for (const wake of [...sleepers]) wake();
  for (const listener of wakeListeners) listener();
}

export function onWake(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

type ConnectionLike = EventTarget & { type?: string };

if (typeof window !== 'undefined') {
  window.addEventListener('online', wakeUploads);
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') wakeUploads();
    });
  }
  (navigator as { connection?: ConnectionLike }).connection?.addEventListener(
    'change',
    wakeUploads,
  );
}
