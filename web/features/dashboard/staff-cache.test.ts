import { afterEach, describe, expect, it } from 'vitest';
import { clearStaffCache, ensureLoaded, forget, peek as getEntry, refresh } from './staff-cache.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => clearStaffCache());

describe('staff cache', () => {
  it('loads a key once until it is refreshed', async () => {
    let calls = 0;
    const load = async () => ++calls;
    ensureLoaded('admin/stats', load);
    ensureLoaded('admin/stats', load);
    await flush();
    expect(calls).toBe(1);
    refresh('admin/');
    await flush();
    expect(calls).toBe(2);
    refresh('other/');
    await flush();
    expect(calls).toBe(2);
  });

  it('lets the newest load win when answers arrive out of order', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const answers = [first.promise, second.promise];
    let i = 0;
    ensureLoaded('admin/submissions?limit=10', () => answers[i++]!);
    refresh('admin/submissions');
    second.resolve('new');
    await flush();
    first.resolve('old');
    await flush();
    expect(getEntry('admin/submissions?limit=10')).toMatchObject({ data: 'new', loading: false });
  });

  it('keeps the last good data when a refresh fails, and reports the error', async () => {
    let fail = false;
    ensureLoaded('admin/x', async () => {
      if (fail) throw new Error('500: down');
      return 'ok';
    });
    await flush();
    fail = true;
    refresh('admin/x');
    await flush();
    const entry = getEntry('admin/x');
    expect(entry?.data).toBe('ok');
    expect(String(entry?.error)).toContain('500: down');
  });

  it('forgets a key and clears everything on logout', async () => {
    ensureLoaded('admin/a', async () => 1);
    ensureLoaded('admin/b', async () => 2);
    await flush();
    forget('admin/a');
    expect(getEntry('admin/a')).toBeUndefined();
    expect(getEntry('admin/b')?.data).toBe(2);
    clearStaffCache();
    expect(getEntry('admin/b')).toBeUndefined();
  });
});
