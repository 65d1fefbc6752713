// Being replaced by api-client.ts (typed from schema/endpoints.ts); goes once no call site is left.
// The web app's old way to call the API. Every call sends the session cookie; a non-ok
// answer becomes an ApiError whose message is "<status>: <body text or status text>"
// (SPEC §7), and which also carries the parsed {error: {code, message, fields}} when present.
import { errorFrom } from './api-error.ts';

export { ApiError, errorFrom } from './api-error.ts';

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<T> {
  const response = await fetch(path, {
    method,
    signal,
    credentials: 'include',
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('Content-Type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.text()) as T;
}

export const api = {
  get: <T>(path: string, headers?: Record<string, string>) =>
    apiRequest<T>('GET', path, undefined, headers),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    apiRequest<T>('POST', path, body, headers),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

/** A GET whose answer headers matter too (the admin list's X-Total-Count and X-Next-Cursor). */
export async function getWithHeaders<T>(path: string): Promise<{ body: T; headers: Headers }> {
  const response = await fetch(path, { credentials: 'include' });
  if (!response.ok) throw await errorFrom(response);
  return { body: (await response.json()) as T, headers: response.headers };
}

/** PUTs a file's bytes to a signed upload URL (SPEC §7), with its type as Content-Type. */
export async function putFile(uploadUrl: string, file: Blob): Promise<void> {
  const response = await fetch(uploadUrl, {
    method: 'PUT',
    credentials: 'include',
    headers: { 'Content-Type': file.type },
    body: file,
  });
  if (!response.ok) throw await errorFrom(response);
}
