// Queued while the device says it is online: the server or the network between was down (a
// server restart, a dead mobile link that still looks connected). No `online` event will come,
// and Background Sync waits minutes or does not exist, so the page tries again itself, at the
// growing delays of queuedRetryDelay. The wizard's application and an invited practitioner's
// part are tried again this way.
import { useEffect } from 'react';
import { queuedRetryDelay } from './submit-notices.ts';

// One function for every render: a new one would restart the timer from the first delay.
const always = () => true;

export function useRetryWhileQueued(
  queued: boolean,
  flush: () => Promise<void>,
  /** Asked around each try, where the state lives outside React and may move on meanwhile. */
  stillQueued: () => boolean = always,
): void {
  useEffect(() => {
    if (!queued) return;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(async () => {
        if (!stillQueued()) return;
        if (navigator.onLine) await flush();
        if (stillQueued()) schedule();
      }, queuedRetryDelay(attempt++));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [queued, flush, stillQueued]);
}
