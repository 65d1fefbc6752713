// What an API call is: its method, its path and the phantom types of what goes in and comes
// out (from the zod contracts in the *-api.ts files, erased at build time), so each endpoint costs the
// browser only its method and path. The calls themselves are listed in public-endpoints.ts
// (what practitioners' pages and the shell call) and staff-endpoints.ts (the dashboard's): two
// files, because a bundler keeps a module whole in one chunk and staff paths must not reach
// the practitioner's first load. docs/decisions/012-typed-endpoints.md says why not `hc<AppType>`.
import type { z } from 'zod/mini';
import type { okResponse } from './api-basics.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export type Endpoint<
  M extends Method = Method,
  P extends string = string,
  Body = unknown,
  Response = unknown,
  Query = unknown,
> = {
  readonly method: M;
  readonly path: P;
  /** Type-level only; never present at run time. */
  readonly _types?: { body: Body; response: Response; query: Query };
};

/** `/api/x/:id/y/:other` → `{ id: string; other: string }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

export type BodyOf<E> = E extends Endpoint<Method, string, infer B> ? B : never;
export type ResponseOf<E> = E extends Endpoint<Method, string, unknown, infer R> ? R : never;
export type QueryOf<E> = E extends Endpoint<Method, string, unknown, unknown, infer Q> ? Q : never;

/** Declares an endpoint: `endpoint<Response, Body, Query>()('GET', '/api/…')`. */
export function endpoint<Response, Body = never, Query = never>() {
  return <M extends Method, P extends `/api/${string}`>(
    method: M,
    path: P,
  ): Endpoint<M, P, Body, Response, Query> => ({ method, path });
}

export type Success = z.infer<typeof okResponse>;
