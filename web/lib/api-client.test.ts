import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookup, tracking } from '../../schema/public-endpoints.ts';
import { submissionList } from '../../schema/staff-endpoints.ts';
import { request, requestWithHeaders, urlOf } from './api-client.ts';
import { ApiError } from './api-error.ts';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: string, type = 'application/json', headers = {}) {
  const fetchMock = vi.fn(
    async () => new Response(body, { status, headers: { 'Content-Type': type, ...headers } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('urlOf', () => {
  it('fills path parameters URI-encoded and leaves empty query values out', () => {
    expect(urlOf(tracking, { params: { token: 'a/b c' } })).toBe('/api/submissions/a%2Fb%20c');
    expect(urlOf(submissionList, { query: { q: 'Dr Nkosi', status: undefined, limit: 20 } })).toBe(
      '/api/admin/submissions?q=Dr+Nkosi&limit=20',
    );
  });
});

describe('request', () => {
  it('sends JSON with the session cookie and returns the parsed answer', async () => {
    const fetchMock = answer(200, '{"status":"pending"}');
    const body = { identifier: '1234567', identifierType: 'practice_number' as const };
    const result = await request(lookup, { body });
    expect(result).toEqual({ status: 'pending' });
    expect(fetchMock).toHaveBeenCalledWith('/api/lookup', {
      method: 'POST',
      signal: undefined,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  });

  it('turns a non-ok answer into an ApiError with the status, the text and the parsed body', async () => {
    answer(404, '{"error":{"code":"not_found","message":"Submission not found"}}');
    const error = await request(tracking, { params: { token: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe(
      '404: {"error":{"code":"not_found","message":"Submission not found"}}',
    );
    expect((error as ApiError).serverMessage).toBe('Submission not found');
  });

  it('keeps a plain-text error body as the message', async () => {
    answer(502, 'Bad gateway', 'text/plain');
    const error = (await request(tracking, { params: { token: 'x' } }).catch((e) => e)) as ApiError;
    expect(error.message).toBe('502: Bad gateway');
    expect(error.serverMessage).toBeUndefined();
  });

  it('gives the answer headers with requestWithHeaders', async () => {
    answer(200, '[]', 'application/json', { 'X-Total-Count': '42' });
    const { body, headers } = await requestWithHeaders(submissionList);
    expect(body).toEqual([]);
    expect(headers.get('X-Total-Count')).toBe('42');
  });
});
