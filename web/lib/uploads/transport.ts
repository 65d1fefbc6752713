// PUT of a file's bytes to its signed upload URL with real progress (fetch cannot report
// upload progress, XMLHttpRequest can). A PUT that makes no progress for 5 minutes
// (docs/product.md#limits
// 'Socket idle timeout 5 min') is abandoned as a network error, so the retry policy applies
// instead of the file hanging on a dead connection.

export class NetworkError extends Error {
  constructor() {
    super('No Internet connection');
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
      signal.removeEventListener('abort', onAbort);
      done();
    };
    const watchdog = idleWatchdog(idleTimeoutMs, () => {
      settle(() => reject(new NetworkError()));
      xhr.abort();
    });
    const onAbort = () => xhr.abort();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    // An R2 upload URL that signs If-None-Match needs it (never over an existing object,
    // worker/adapters/s3-upload-url.ts); other URLs (ours, part URLs) are sent without it.
    const signed = new URL(url, 'http://base').searchParams.get('X-Amz-SignedHeaders') ?? '';
    if (signed.split(';').includes('if-none-match')) xhr.setRequestHeader('If-None-Match', '*');
    xhr.upload.onprogress = (event) => {
      watchdog.kick();
      onProgress(event.loaded);
    };
    // Bytes of the answer arriving are progress too (a slow server after the last byte sent).
    xhr.onprogress = () => watchdog.kick();
    xhr.onload = () => {
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
    xhr.onerror = () => settle(() => reject(new NetworkError()));
    xhr.ontimeout = () => settle(() => reject(new NetworkError()));
    xhr.onabort = () =>
      settle(() => reject(signal.reason ?? new DOMException('Aborted', 'AbortError')));
    signal.addEventListener('abort', onAbort, { once: true });
    xhr.send(bytes);
  });
}
