// Success answers typed by the endpoint they serve (schema/public-endpoints.ts, staff-endpoints.ts), so a handler that
// answers another shape than the web app's client expects does not compile.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Endpoint, ResponseOf } from '../schema/endpoint.ts';

export function reply<E extends Endpoint>(
  c: Context,
  _endpoint: E,
  body: ResponseOf<E>,
  status?: ContentfulStatusCode,
): Response {
  return c.json(body as object, status);
}
