import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, putBytes, SOCKET_IDLE_TIMEOUT_MS } from './upload-transport.ts';

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
  open() {}
  setRequestHeader() {}
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
    expect(await result).toEqual({ status: 200, body: { ok: true }, etag: '"abc"' });
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
