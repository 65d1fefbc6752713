import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, putBytes, SOCKET_IDLE_TIMEOUT_MS } from './transport.ts';

/** Just enough of XMLHttpRequest to drive putBytes by hand. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  getResponseHeader(name: string) {
    return name === 'ETag' ? '"abc"' : null;
  }
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  headers: Record<string, string> = {};
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {}
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

const MINUTE = 60_000;
const put = (signal = new AbortController().signal) =>
  putBytes('/api/storage/uploads/x', new ArrayBuffer(8), 'application/pdf', () => {}, signal);

describe('upload transport idle watchdog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is docs/product.md#limits socket idle timeout of 5 minutes', () => {
    expect(SOCKET_IDLE_TIMEOUT_MS).toBe(5 * MINUTE);
  });

  it('abandons a PUT with no progress for 5 minutes as a network error', async () => {
    const result = put().catch((error: unknown) => error);
    const xhr = FakeXhr.last!;
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(xhr.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(xhr.aborted).toBe(true);
    expect(await result).toBeInstanceOf(NetworkError);
  });

  it('restarts the 5 minutes on every sign of progress', async () => {
    const result = put().catch((error: unknown) => error);
    const xhr = FakeXhr.last!;
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    xhr.upload.onprogress!({ loaded: 4 });
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    xhr.onprogress!(); // the answer is arriving
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    expect(xhr.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(xhr.aborted).toBe(true);
    expect(await result).toBeInstanceOf(NetworkError);
  });

  it('stops watching once the answer is in', async () => {
    const result = put();
    const xhr = FakeXhr.last!;
    xhr.status = 200;
    xhr.responseText = '{"ok":true}';
    xhr.onload!();
    expect(await result).toEqual({
      status: 200,
      body: { ok: true },
      etag: '"abc"',
      retryAfter: null,
    });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(xhr.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports an abort by the caller as an abort, not a network error', async () => {
    const controller = new AbortController();
    const result = put(controller.signal).catch((error: unknown) => error);
    controller.abort();
    const error = await result;
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('upload transport headers', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
  afterEach(() => vi.unstubAllGlobals());

  it('sends If-None-Match only to a URL that signs it (R2 upload URLs)', () => {
    const signal = new AbortController().signal;
    const r2 =
      'https://acc.r2.cloudflarestorage.com/b/uploads/x?X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost%3Bif-none-match&X-Amz-Signature=s';
    void putBytes(r2, new ArrayBuffer(8), 'application/pdf', () => {}, signal);
    expect(FakeXhr.last!.headers).toEqual({
      'Content-Type': 'application/pdf',
      'If-None-Match': '*',
    });
    void putBytes(
      '/api/storage/uploads/x?sig=s',
      new ArrayBuffer(8),
      'image/png',
      () => {},
      signal,
    );
    expect(FakeXhr.last!.headers).toEqual({ 'Content-Type': 'image/png' });
    const part =
      'https://acc.r2.cloudflarestorage.com/b/k?partNumber=1&X-Amz-SignedHeaders=content-length%3Bhost';
    void putBytes(part, new ArrayBuffer(8), 'application/pdf', () => {}, signal);
    expect(FakeXhr.last!.headers).toEqual({ 'Content-Type': 'application/pdf' });
  });
});

describe('a PUT to a cross-origin store that fails without an answer', () => {
  const r2 = 'https://acc.r2.cloudflarestorage.com/b/k?partNumber=2&X-Amz-Signature=s';
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('location', new URL('http://127.0.0.1:8787/'));
    vi.stubGlobal('navigator', { onLine: true });
    // The portal itself answers: only the store failed.
    vi.stubGlobal('fetch', async () => new Response('{"ok":true}', { status: 200 }));
  });
  afterEach(() => vi.unstubAllGlobals());

  const send = () =>
    putBytes(r2, new ArrayBuffer(8), 'application/pdf', () => {}, new AbortController().signal)
      .then(() => null)
      .catch((error: unknown) => error);

  it('is a refusal by the set-up when nothing was sent (CORS refuses before the body)', async () => {
    const result = send();
    FakeXhr.last!.onerror!();
    const error = await result;
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/^Not sent: the portal's set-up/);
  });

  it('is the connection when bytes had gone: a cut mid-part resumes instead of stopping', async () => {
    const result = send();
    FakeXhr.last!.upload.onprogress!({ loaded: 4 });
    FakeXhr.last!.onerror!();
    expect(await result).toBeInstanceOf(NetworkError);
  });

  it('is the connection when the store took earlier PUTs from this page (its CORS lets them in)', async () => {
    const first = send();
    FakeXhr.last!.status = 200;
    FakeXhr.last!.onload!();
    expect(await first).toBeNull();
    const second = send();
    FakeXhr.last!.onerror!();
    expect(await second).toBeInstanceOf(NetworkError);
  });
});
