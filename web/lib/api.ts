// The web app's only way to call the API. Every call sends the session cookie; a non-ok
// answer becomes an ApiError whose message is "<status>: <body text or status text>"
// (SPEC §7), and which also carries the parsed {error: {code, message, fields}} when present.
import type { ErrorBody } from '../../schema/api.ts';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(message);
  }
  /** The human message from the server, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.error.message;
  }
}

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    let parsed: ErrorBody | null = null;
    try {
      const json = JSON.parse(text) as ErrorBody;
      if (json && typeof json.error?.message === 'string') parsed = json;
    } catch {
      // Not JSON: keep the text for the message.
    }
    throw new ApiError(
      `${response.status}: ${text || response.statusText}`,
      response.status,
      parsed,
    );
  }
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
