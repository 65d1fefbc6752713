// Drives what waits on the device (lib/uploads/outbox-driver.ts) from the app shell, on every
// page: at start, on `online`, when the page is visible again, when an upload finishes, when
// the wizard queues or takes back an application, and again after a wait while something is
// still queued (the wait a 429's Retry-After asked for, or 30 s for a server that is away).
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApplicationState, driveOutboxes } from '../../lib/uploads/outbox-driver.ts';
import { subscribeUploads, uploadsSnapshot } from '../../lib/uploads/store.ts';

/** Fired on window when the wizard queues or takes back an application. */
export const OUTBOX_CHANGED = 'outbox-changed';
/** Fired on window with the tracking token when the application was sent from here. */
export const APPLICATION_SENT = 'application-sent';
const AGAIN_MS = 30_000;

function tellSent(trackingToken: string) {
  window.dispatchEvent(new CustomEvent(APPLICATION_SENT, { detail: trackingToken }));
  // A notification where the platform has one and the practitioner allowed it.
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const title = 'Your application was sent';
  const options = { body: 'Open the app to see its tracking page.', tag: 'application-sent' };
  void navigator.serviceWorker?.ready
    .then((registration) => registration.showNotification(title, options))
    .catch(() => new Notification(title, options));
}

export function useOutboxDriver(): { state: ApplicationState; drive: () => void } {
  const [state, setState] = useState<ApplicationState>({ kind: 'empty' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const previous = useRef<ApplicationState['kind']>('empty');

  const drive = useCallback(() => {
    clearTimeout(timer.current);
    void driveOutboxes()
      .then(({ application }) => {
        if (application.kind === 'sent' && previous.current !== 'sent')
          tellSent(application.trackingToken);
        previous.current = application.kind;
        setState(application);
        if (application.kind === 'queued' && navigator.onLine)
          timer.current = setTimeout(drive, application.retryAfterMs ?? AGAIN_MS);
      })
      .catch(() => {
        // The device store failing: the next start, `online` or visibility tries again.
      });
  }, []);

  useEffect(() => {
    drive();
    const onVisible = () => {
      if (document.visibilityState === 'visible') drive();
    };
    let done = uploadsSnapshot().files.filter((f) => f.stage === 'done').length;
    const unsubscribe = subscribeUploads(() => {
      const now = uploadsSnapshot().files.filter((f) => f.stage === 'done').length;
      if (now > done) drive();
      done = now;
    });
    window.addEventListener('online', drive);
    window.addEventListener(OUTBOX_CHANGED, drive);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer.current);
      unsubscribe();
      window.removeEventListener('online', drive);
      window.removeEventListener(OUTBOX_CHANGED, drive);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [drive]);

  return { state, drive };
}
