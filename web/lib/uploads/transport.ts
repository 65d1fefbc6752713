// PUT of a file's bytes to its signed upload URL with real progress (fetch cannot report
// upload progress, XMLHttpRequest can). A PUT that makes no progress for 5 minutes
// (docs/product.md#limits
// 'Socket idle timeout 5 min') is abandoned as a network error, so the retry policy applies
// instead of the file hanging on a dead connection.
import { conditionalPutHeaders } from './upload-url.ts';

export class NetworkError extends Error {
  constructor() {
    super('No Internet connection');
  }
}

/**
 * The browser refused the PUT itself: the page's CSP does not allow the upload URL's origin,
 * or that origin's CORS rules do not allow this page. Not the connection, and retrying will
 * not help, so it is reported as what it is (decision 093).
 */
export class BlockedUploadError extends Error {
  constructor(uploadOrigin: string) {
    super(
      `Not sent: the portal's set-up does not let this page send files to ${uploadOrigin}. It is not your Internet connection; please tell our support team.`,
    );
  }
}

/** Stores that have answered a PUT from this page: their CORS rules let it through. */
const answeredOrigins = new Set<string>();

/**
 * Why a PUT failed without an answer: a CSP refusal seen for its origin, or a cross-origin
 * store that never answered this page and refused before any byte went, while this site
 * answers (CORS refuses the preflight, before the body); else the network — a connection cut
 * mid-part, to a store that took earlier parts, resumes.
 */
async function failureOf(url: URL, refusedByCsp: boolean, bytesWent: boolean): Promise<Error> {
  if (refusedByCsp) return new BlockedUploadError(url.origin);
  if (
    bytesWent ||
    answeredOrigins.has(url.origin) ||
    url.origin === globalThis.location?.origin ||
    !navigator.onLine
  )
    return new NetworkError();
  try {
    const health = await fetch('/api/health', { cache: 'no-store' });
    // 503: the portal answers but says it is not ok (an older schema): still reachable.
    return health.ok || health.status === 503
      ? new BlockedUploadError(url.origin)
      : new NetworkError();
  } catch {
    return new NetworkError();
  }
}

/** etag: the ETag header (a part's acknowledgement; R2's CORS rule must expose it). */
export type PutResult = {
  status: number;
  body: unknown;
  etag?: string | null;
  /** The Retry-After header of a 429 or 503, when the store said how long to wait. */
  retryAfter?: string | null;
};

export const SOCKET_IDLE_TIMEOUT_MS = 5 * 60 * 1000;

/** Calls onIdle once when kick() has not been called for `ms`; stop() ends the watch. */
export function idleWatchdog(ms: number, onIdle: () => void): { kick(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const kick = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      stopped = true;
      onIdle();
    }, ms);
  };
  kick();
  return {
    kick,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export function putBytes(
  url: string,
  bytes: ArrayBuffer,
  contentType: string,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
  idleTimeoutMs = SOCKET_IDLE_TIMEOUT_MS,
): Promise<PutResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      watchdog.stop();
      globalThis.document?.removeEventListener('securitypolicyviolation', onViolation);
      signal.removeEventListener('abort', onAbort);
      done();
    };
    const watchdog = idleWatchdog(idleTimeoutMs, () => {
      settle(() => reject(new NetworkError()));
      xhr.abort();
    });
    const onAbort = () => xhr.abort();
    const target = new URL(url, globalThis.location?.href ?? 'http://localhost');
    // A page hears of a CSP refusal; a service worker (no document) does not, nor need it.
    let refusedByCsp = false;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith(target.origin)) refusedByCsp = true;
    };
    globalThis.document?.addEventListener('securitypolicyviolation', onViolation);
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    for (const [name, value] of Object.entries(conditionalPutHeaders(url))) {
      xhr.setRequestHeader(name, value);
    }
    let bytesWent = false;
    xhr.upload.onprogress = (event) => {
      watchdog.kick();
      if (event.loaded > 0) bytesWent = true;
      onProgress(event.loaded);
    };
    // Bytes of the answer arriving are progress too (a slow server after the last byte sent).
    xhr.onprogress = () => watchdog.kick();
    xhr.onload = () => {
      answeredOrigins.add(target.origin);
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = xhr.responseText;
      }
      settle(() =>
        resolve({
          status: xhr.status,
          body,
          etag: xhr.getResponseHeader('ETag'),
          retryAfter: xhr.getResponseHeader('Retry-After'),
        }),
      );
    };
    // The violation event is queued as a task: let it arrive before deciding.
    xhr.onerror = () =>
      void new Promise((next) => setTimeout(next, 0))
        .then(() => failureOf(target, refusedByCsp, bytesWent))
        .then((error) => settle(() => reject(error)));
    xhr.ontimeout = () => settle(() => reject(new NetworkError()));
    xhr.onabort = () =>
      settle(() => reject(signal.reason ?? new DOMException('Aborted', 'AbortError')));
    signal.addEventListener('abort', onAbort, { once: true });
    xhr.send(bytes);
  });
}
