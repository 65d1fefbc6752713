// Drives what waits on the device (lib/uploads/outbox-driver.ts) from the app shell, on every
// page: at start, on `online`, when the page is visible again, when an upload finishes, when
// the wizard queues or takes back an application (or the manager a practice), when the service
// worker sent the manager's practice, and again after a wait while something is still queued
// (the wait a 429's Retry-After asked for, or 30 s for a server that is away).
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type ApplicationState,
  driveOutboxes,
  type PracticeState,
} from '../../lib/uploads/outbox-driver.ts';
import { PRACTICE_SENT_MESSAGE } from '../../lib/uploads/practice-outbox.ts';
import { subscribeUploads, uploadsSnapshot } from '../../lib/uploads/store.ts';

/** Fired on window when the wizard queues or takes back an application (the manager a practice). */
export const OUTBOX_CHANGED = 'outbox-changed';
/** Fired on window when the manager's practice was sent or refused from here (the page finishes). */
export const PRACTICE_SETTLED = 'practice-settled';
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

export function useOutboxDriver(): {
  state: ApplicationState;
  practice: PracticeState;
  drive: () => void;
} {
  const [state, setState] = useState<ApplicationState>({ kind: 'empty' });
  const [practice, setPractice] = useState<PracticeState>({ kind: 'empty' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const previous = useRef<ApplicationState['kind']>('empty');
  const previousPractice = useRef<PracticeState['kind']>('empty');

  const drive = useCallback(() => {
    clearTimeout(timer.current);
    void driveOutboxes()
      .then(({ application, practice }) => {
        if (application.kind === 'sent' && previous.current !== 'sent')
          tellSent(application.trackingToken);
        previous.current = application.kind;
        setState(application);
        setPractice(practice);
        const settled = practice.kind === 'sent' || practice.kind === 'refused';
        if (settled && previousPractice.current !== practice.kind)
          window.dispatchEvent(new Event(PRACTICE_SETTLED));
        previousPractice.current = practice.kind;
        const waitMs =
          application.kind === 'queued'
            ? (application.retryAfterMs ?? AGAIN_MS)
            : practice.kind === 'queued'
              ? AGAIN_MS
              : undefined;
        if (waitMs !== undefined && navigator.onLine) timer.current = setTimeout(drive, waitMs);
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
    const onWorkerMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === PRACTICE_SENT_MESSAGE) drive();
    };
    window.addEventListener('online', drive);
    window.addEventListener(OUTBOX_CHANGED, drive);
    document.addEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    return () => {
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
      clearTimeout(timer.current);
      unsubscribe();
      window.removeEventListener('online', drive);
      window.removeEventListener(OUTBOX_CHANGED, drive);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [drive]);

  return { state, practice, drive };
}
