// Caps a request body before it is read, with the API's JSON error instead of plain text.
// Every /api request gets a default cap in app.ts (apiBodyCap), so no route buffers a
// 20 MB body before its rate limit runs just because someone forgot a per-route cap.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { submit } from '../../schema/public-endpoints.ts';
import { STORAGE_PATH } from '../crypto/signed-urls.ts';
import { errorJson } from '../http.ts';

export function maxBodySize(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: (c) => errorJson(c, 413, 'request_too_large', 'The request is too large.'),
  });
}

/** The JSON bodies of the API are small: a login, a review change, a lookup. */
export const DEFAULT_API_BODY_BYTES = 64 * 1024;

/**
 * The only JSON bodies allowed to be larger, by exact "METHOD path": a submission carries
 * its whole application (contact copy, documents list, notes).
 */
const LARGER_CAPS: Record<string, number> = {
  [`${submit.method} ${submit.path}`]: 2 * 1024 * 1024,
};

/**
 * The default cap for every /api body. The signed storage PUTs are file bytes, capped by the
 * limit their signature carries (routes/storage.ts), so they are left to that check. GET and
 * HEAD requests carry no body on any runtime (fetch's Request refuses one), so there is nothing
 * to cap; asking for it would make @hono/node-server build a whole Request per read.
 */
export function apiBodyCap(): MiddlewareHandler {
  const caps = new Map<number, MiddlewareHandler>();
  const capOf = (bytes: number) => {
    const cap = caps.get(bytes) ?? maxBodySize(bytes);
    caps.set(bytes, cap);
    return cap;
  };
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (c.req.path.startsWith(STORAGE_PATH)) return next();
    const bytes = LARGER_CAPS[`${c.req.method} ${c.req.path}`] ?? DEFAULT_API_BODY_BYTES;
    return capOf(bytes)(c, next);
  };
}
