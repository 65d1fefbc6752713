// The web app's one way to call the API: `request(endpoint, options)` with an endpoint from
// schema/public-endpoints.ts or staff-endpoints.ts, so the path, its parameters, the body and the answer are typed from one
// place (docs/decisions/012-typed-endpoints.md). Every call sends the session cookie; a non-ok
// answer throws an ApiError.
import type { BodyOf, Endpoint, PathParams, QueryOf, ResponseOf } from '../../schema/endpoint.ts';
import { errorFrom } from './api-error.ts';

type PathOf<E> = E extends Endpoint<infer _M, infer P> ? P : never;

type ParamsOption<E> = keyof PathParams<PathOf<E>> extends never
  ? { params?: undefined }
  : { params: PathParams<PathOf<E>> };
type BodyOption<E> = [BodyOf<E>] extends [never] ? { body?: undefined } : { body: BodyOf<E> };
type QueryOption<E> = [QueryOf<E>] extends [never] ? { query?: undefined } : { query?: QueryOf<E> };

export type RequestOptions<E> = ParamsOption<E> &
  BodyOption<E> &
  QueryOption<E> & { headers?: Record<string, string>; signal?: AbortSignal };

/** Options may be left out when the endpoint needs no params and no body. */
type OptionsArg<E> = keyof PathParams<PathOf<E>> extends never
  ? [BodyOf<E>] extends [never]
    ? [options?: RequestOptions<E>]
    : [options: RequestOptions<E>]
  : [options: RequestOptions<E>];

/** The endpoint's path with its `:params` filled in (each value URI-encoded) and its query. */
export function urlOf<E extends Endpoint>(endpoint: E, ...[options]: OptionsArg<E>): string {
  const params = (options?.params ?? {}) as Record<string, string>;
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((options?.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

let serverRender = false;

/**
 * Called once by the server render's entry (web/prerender.tsx): there a page is what it shows
 * before its reads answer, so no read is sent and none ever answers.
 */
export function renderingOnServer() {
  serverRender = true;
}

/** Calls the endpoint; resolves with its answer and the answer's headers. */
export async function requestWithHeaders<E extends Endpoint>(
  endpoint: E,
  ...args: OptionsArg<E>
): Promise<{ body: ResponseOf<E>; headers: Headers }> {
  if (serverRender) return new Promise(() => {});
  const [options] = args;
  const hasBody = options?.body !== undefined;
  const response = await fetch(urlOf(endpoint, ...args), {
    method: endpoint.method,
    signal: options?.signal,
    credentials: 'include',
    headers: hasBody
      ? { 'Content-Type': 'application/json', ...options?.headers }
      : options?.headers,
    body: hasBody ? JSON.stringify(options?.body) : undefined,
  });
  if (!response.ok) throw await errorFrom(response);
  const type = response.headers.get('Content-Type') ?? '';
  const body =
    response.status === 204
      ? undefined
      : type.includes('application/json')
        ? await response.json()
        : await response.text();
  return { body: body as ResponseOf<E>, headers: response.headers };
}

/** Calls the endpoint; resolves with its answer. */
export async function request<E extends Endpoint>(
  endpoint: E,
  ...args: OptionsArg<E>
): Promise<ResponseOf<E>> {
  return (await requestWithHeaders(endpoint, ...args)).body;
}
