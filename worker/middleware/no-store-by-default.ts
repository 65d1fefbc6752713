// API answers stay out of shared caches unless a route chose a Cache-Control of its own.
import { createMiddleware } from 'hono/factory';

export function noStoreByDefault() {
  return createMiddleware(async (c, next) => {
    await next();
    // On the answer's own headers, as secureHeaders sets its own: c.header() after the answer
    // is made would copy it into a new Response and turn its body into a stream.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
}
