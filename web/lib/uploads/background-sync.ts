// Asks the service worker to send the queued submission (or the manager's queued practice: its
// tag) when the connection returns, even with no page open (Background Sync; Chromium only).
// Page only.
import { SUBMISSION_SYNC_TAG } from './submission-outbox.ts';

/** Whether this browser can send a queued submission with no page open. */
export function hasBackgroundSync(): boolean {
  return typeof window !== 'undefined' && 'SyncManager' in window;
}

export async function registerBackgroundSync(tag = SUBMISSION_SYNC_TAG): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync;
    await sync?.register(tag);
  } catch {
    // No Background Sync (Safari, Firefox): the `online` event and the next start send it.
  }
}
