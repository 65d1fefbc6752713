// Which files are sent when: at most 6 in flight, from one tab (sender-lock.ts); only
// files of the sections the wizard shows (setUploadSections), and every replacement of a
// rejected document. Offline, a file waits for the connection for as long as it takes; a network
// error while "online" is tried again with growing delays, uncounted; retriable statuses are
// tried again up to 10 times (retry.ts), then the file is in error until the queue is woken
// (online, visible again, a new start). A server that says how long to wait (Retry-After) pauses
// the whole queue that long, uncounted. A 4xx that retrying cannot fix is shown on the file
// ('Action Needed').
import { MAX_PARALLEL_UPLOADS, networkRetryDelay, retryDelay } from './retry.ts';
import { attemptUpload } from './sender.ts';
import { senderLock } from './sender-lock.ts';
import {
  acknowledgedBytes,
  findUpload,
  patchUpload,
  type QueuedFile,
  refreshStoredUploads,
  setUploads,
  subscribeUploads,
  uploadsSnapshot,
} from './store.ts';
import { onWake, sleep, waitForConnection, wakeCount } from './wake.ts';

const inFlight = new Map<string, AbortController>();
/** Until when the server asked to be left alone (Retry-After); 0: not paused. */
let pausedUntil = 0;
let resumeTimer: ReturnType<typeof setTimeout> | undefined;
const pausedFor = () => Math.max(0, pausedUntil - Date.now());

/** The server asked for a pause: no file starts and none is tried again until it ends. */
function pauseQueue(ms: number) {
  pausedUntil = Math.max(pausedUntil, Date.now() + ms);
  clearTimeout(resumeTimer);
  resumeTimer = setTimeout(pumpUploads, pausedFor());
}

/** Waits out a pause the server asked for; a wake-up does not cut it short. */
async function waitOutPause(signal: AbortSignal) {
  while (!signal.aborted && pausedFor() > 0) await sleep(pausedFor(), signal);
}
/** Sections whose files may be sent; none until the wizard knows the practice type. */
let sendableSections: ReadonlySet<string> = new Set();
/** Files of an application waiting to be sent (application-outbox.ts): sent on any page. */
let applicationFiles: ReadonlySet<string> = new Set();

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/** Starts sending every queued file it may, up to the parallel limit. */
export function pumpUploads() {
  const ready = (file: QueuedFile) =>
    pausedFor() === 0 &&
    (file.stage === 'queued' || file.stage === 'waiting') &&
    !inFlight.has(file.id) &&
    mayBeSent(file);
  const wanted = inFlight.size > 0 || uploadsSnapshot().files.some(ready);
  if (!senderLock(wanted, () => void refreshStoredUploads(inFlight).then(pumpUploads))) return;
  for (const file of uploadsSnapshot().files) {
    if (inFlight.size >= MAX_PARALLEL_UPLOADS) return;
    if (ready(file)) {
      const controller = new AbortController();
      inFlight.set(file.id, controller);
      void send(file.id, controller.signal).finally(() => {
        if (inFlight.get(file.id)?.signal === controller.signal) inFlight.delete(file.id);
        pumpUploads();
      });
    }
  }
}

function mayBeSent(file: QueuedFile): boolean {
  // A replacement belongs to an application already submitted, not to the wizard's practice type.
  return (
    Boolean(file.replacement) ||
    sendableSections.has(file.sectionKey) ||
    applicationFiles.has(file.id)
  );
}

/** The files a queued or waiting application needs: sent whatever page is open. */
export function setApplicationFiles(ids: readonly string[]) {
  applicationFiles = new Set(ids);
  pumpUploads();
}

/** Stops sending this file (removed, or to be sent again from the start). */
export function stopUpload(id: string) {
  inFlight.get(id)?.abort();
  inFlight.delete(id);
}

/**
 * Which sections' files may be sent: those of the chosen practice type. Files of other
 * sections stay on the device (switching back restores them) but are not uploaded.
 */
export function setUploadSections(keys: readonly string[]) {
  sendableSections = new Set(keys);
  const held: string[] = [];
  for (const [id, controller] of inFlight) {
    const file = findUpload(id);
    if (file && !mayBeSent(file)) {
      controller.abort();
      inFlight.delete(id);
      held.push(id);
    }
  }
  if (held.length > 0) {
    setUploads(
      uploadsSnapshot().files.map((f) =>
        held.includes(f.id)
          ? { ...f, stage: 'queued' as const, bytesSent: acknowledgedBytes(f), note: undefined }
          : f,
      ),
    );
  }
  pumpUploads();
}

/**
 * Resolves when none of these files is still on its way (each is done or in error), or as
 * soon as the device is offline while some still are: waiting for the connection can take
 * days, and whoever waits for the files must not wait with it.
 */
export function uploadsSettled(ids: readonly string[]): Promise<readonly QueuedFile[]> {
  return new Promise((resolve) => {
    let unsubscribe = () => {};
    const check = () => {
      const files = ids.map(findUpload).filter((f): f is QueuedFile => Boolean(f));
      const moving = files.filter((f) => f.stage !== 'done' && f.stage !== 'error');
      if (moving.length === 0 || !online() || moving.some((f) => f.stage === 'waiting')) {
        unsubscribe();
        if (typeof window !== 'undefined') window.removeEventListener('offline', check);
        resolve(files);
      }
    };
    unsubscribe = subscribeUploads(check);
    if (typeof window !== 'undefined') window.addEventListener('offline', check);
    check();
  });
}

async function send(id: string, signal: AbortSignal): Promise<void> {
  let failures = 0;
  let networkFailures = 0;
  let newTickets = 0;
  const acked = () => acknowledgedBytes(findUpload(id)!);
  while (!signal.aborted && findUpload(id)) {
    if (!online()) {
      patchUpload(id, { stage: 'waiting', note: undefined, bytesSent: acked() });
      await waitForConnection(signal);
      // What failed before the connection went away says nothing about the server.
      failures = 0;
      networkFailures = 0;
      continue;
    }
    await waitOutPause(signal);
    if (signal.aborted || !findUpload(id)) return;
    patchUpload(id, { stage: 'uploading', error: undefined });
    const attempt = await attemptUpload(findUpload(id)!, signal, {
      ticket: (uploadURL) => patchUpload(id, { uploadURL }),
      progress: (bytesSent) => patchUpload(id, { bytesSent }),
      parts: (parts) => patchUpload(id, { parts }),
    });
    if (signal.aborted || !findUpload(id)) return;
    switch (attempt.outcome) {
      case 'done':
        patchUpload(id, {
          stage: 'done',
          url: attempt.url,
          uploadedAt: new Date().toISOString(),
          bytesSent: findUpload(id)!.size,
          note: undefined,
          parts: undefined,
        });
        return;
      case 'failed':
        patchUpload(id, {
          stage: 'error',
          error: attempt.message,
          note: undefined,
          bytesSent: acked(),
        });
        return;
      case 'new-ticket':
        if (++newTickets > 2) {
          patchUpload(id, { stage: 'error', error: 'Upload failed', note: undefined });
          return;
        }
        patchUpload(id, { uploadURL: undefined });
        continue;
      case 'retry': {
        // Offline, a failure is the connection's: wait for it (top of the loop), uncounted.
        if (!online()) continue;
        // No answer at all while "online" (no airtime, a dead tower): uncounted, ever longer
        // waits, cut short by a wake-up (wake.ts).
        if (attempt.reason === 'network') {
          // 'waiting', as offline: whoever waits for the files (Submit) does not wait with it.
          networkFailures += 1;
          patchUpload(id, {
            stage: 'waiting',
            note: 'Connection problem, trying again…',
            bytesSent: acked(),
          });
          const woken = wakeCount();
          await sleep(networkRetryDelay(networkFailures), signal);
          // Woken (visible again, a new connection): the next failure waits from the start.
          if (wakeCount() !== woken) networkFailures = 0;
          continue;
        }
        networkFailures = 0;
        if (attempt.afterMs !== undefined) {
          // Asked to wait: the whole queue waits, and it is not one of the 10 retries.
          pauseQueue(attempt.afterMs);
          patchUpload(id, {
            stage: 'waiting',
            note: 'The server is busy, trying again shortly…',
            bytesSent: acked(),
          });
          continue;
        }
        failures += 1;
        const delay = retryDelay(failures);
        if (delay === null) {
          patchUpload(id, {
            stage: 'error',
            error: 'Upload failed',
            gaveUp: true,
            note: undefined,
            bytesSent: acked(),
          });
          return;
        }
        patchUpload(id, { note: 'Connection problem, trying again…', bytesSent: acked() });
        await sleep(delay, signal);
      }
    }
  }
}

/** Files in error only because the server kept failing go back in the queue. */
function reviveGivenUp() {
  const files = uploadsSnapshot().files;
  if (!files.some((f) => f.stage === 'error' && f.gaveUp)) return;
  setUploads(
    files.map((f) =>
      f.stage === 'error' && f.gaveUp
        ? { ...f, stage: 'queued' as const, error: undefined, gaveUp: undefined }
        : f,
    ),
  );
}

// A wake-up (online, visible again, another connection) starts files left waiting, and those
// that gave up on a failing server.
onWake(() => {
  reviveGivenUp();
  pumpUploads();
});
