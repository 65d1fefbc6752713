import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSubmissions, pageFrom, settle } from './staff-api.ts';

afterEach(() => vi.unstubAllGlobals());

const item = { submission: { id: 's1' } } as never;

describe('pageFrom', () => {
  it('reads the total and the next cursor from the headers', () => {
    const headers = new Headers({ 'X-Total-Count': '60', 'X-Next-Cursor': 'c2' });
    expect(pageFrom([item], headers)).toEqual({ items: [item], total: 60, nextCursor: 'c2' });
  });
  it('counts what was sent when the API sends no total, and has no next page without a cursor', () => {
    expect(pageFrom([item, item], new Headers())).toEqual({
      items: [item, item],
      total: 2,
      nextCursor: null,
    });
  });
});

describe('fetchSubmissions', () => {
  it('always sends the limit and leaves out empty filters', async () => {
    const fetchMock = vi.fn(async (_url: string) => Response.json([]));
    vi.stubGlobal('fetch', fetchMock);
    await fetchSubmissions({ limit: 25, q: '   ', cursor: '' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/submissions?limit=25');
  });
  it('sends the trimmed search, the status and the cursor', async () => {
    const fetchMock = vi.fn(async (_url: string) => Response.json([]));
    vi.stubGlobal('fetch', fetchMock);
    await fetchSubmissions({ limit: 25, q: ' Dr Smith ', status: 'under_review', cursor: 'c1' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/admin/submissions?limit=25&cursor=c1&q=Dr+Smith&status=under_review',
    );
  });
});

describe('settle', () => {
  it('keeps the answer or the error', async () => {
    expect(await settle(Promise.resolve(1))).toEqual({ ok: true, data: 1 });
    const error = new Error('500: down');
    expect(await settle(Promise.reject(error))).toEqual({ ok: false, error });
  });
});
