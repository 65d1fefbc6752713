// Success answers typed by the endpoint they serve (schema/public-endpoints.ts, staff-endpoints.ts), so a handler that
// answers another shape than the web app's client expects does not compile.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Endpoint, ResponseOf } from '../schema/endpoint.ts';

/** JSON text of a T, made where its shape is known (e.g. written by SQLite: tracking-json.ts). */
export type JsonText<T> = string & { readonly jsonOf: T };

/** An answer whose body is JSON text already: sent as it is, not parsed and written again. */
export function replyJsonText<E extends Endpoint>(
  c: Context,
  _endpoint: E,
  body: JsonText<ResponseOf<E>>,
  status?: ContentfulStatusCode,
): Response {
  c.header('Content-Type', 'application/json');
  return c.body(body, status);
}

export function reply<E extends Endpoint>(
  c: Context,
  _endpoint: E,
  body: ResponseOf<E>,
  status?: ContentfulStatusCode,
): Response {
  return c.json(body as object, status);
}
