import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function load() {
  return import('./storage-persistence.ts');
}

describe('asking for persistent storage', () => {
  it('records a refusal so the page can say so, and asks only once', async () => {
    const persist = vi.fn(async () => false);
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist } });
    const { requestPersistence, persistenceAtom } = await load();
    expect(await requestPersistence()).toBe('refused');
    expect(await requestPersistence()).toBe('refused');
    expect(persist).toHaveBeenCalledOnce();
    expect(getDefaultStore().get(persistenceAtom)).toBe('refused');
  });

  it('does not ask again when it is already granted', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { storage: { persisted: async () => true, persist } });
    const { requestPersistence } = await load();
    expect(await requestPersistence()).toBe('granted');
    expect(persist).not.toHaveBeenCalled();
  });

  it('says nothing where the browser has no StorageManager', async () => {
    vi.stubGlobal('navigator', {});
    const { requestPersistence } = await load();
    expect(await requestPersistence()).toBe('unsupported');
  });
});

describe('Safari’s 7-day limit', () => {
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const ipad =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
  const chromeIos =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
  const android =
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

  it('applies to Safari on iPhone and iPad outside the Home Screen only', async () => {
    const { iosSafariInBrowser } = await load();
    const on = (userAgent: string, maxTouchPoints = 5, standalone = false) =>
      iosSafariInBrowser({ userAgent, maxTouchPoints, standalone });
    expect(on(iphone)).toBe(true);
    expect(on(ipad)).toBe(true);
    expect(on(iphone, 5, true)).toBe(false);
    expect(on(ipad, 0)).toBe(false); // a Mac
    expect(on(chromeIos)).toBe(false);
    expect(on(android)).toBe(false);
  });
});
