// One tab sends the device's uploads: two open tabs would otherwise send the same files twice.
// The tab holding the Web Lock sends; another waits for it (the lock passes on when the tab
// closes or reloads). Where Web Locks are missing, every tab sends, as before.

const LOCK = 'upload-sender';
let held = typeof navigator === 'undefined' || !navigator.locks;
let asked = false;

/** Whether this tab may send now; asks for the lock once and calls `granted` when it comes. */
export function maySend(granted: () => void): boolean {
  if (held) return true;
  if (!asked) {
    asked = true;
    void navigator.locks.request(LOCK, () => {
      held = true;
      granted();
      // Held for the life of the page.
      return new Promise<never>(() => {});
    });
  }
  return false;
}

let channel: BroadcastChannel | null | undefined;
/** Made on first use, in a page only (an open channel would keep a prerender from ending). */
function queueChannel(): BroadcastChannel | null {
  channel ??=
    typeof window === 'undefined' || typeof BroadcastChannel === 'undefined'
      ? null
      : new BroadcastChannel('upload-queue');
  return channel;
}

/** Tells the sending tab that this one kept new files on the device. */
export function announceNewUploads(): void {
  if (!held) queueChannel()?.postMessage('added');
}

/** In the sending tab: calls `read` when another tab kept new files. */
export function onNewUploadsElsewhere(read: () => void): void {
  queueChannel()?.addEventListener('message', () => {
    if (held) read();
  });
}
