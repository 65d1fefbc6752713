// API answers stay out of shared caches unless a route chose a Cache-Control of its own.
import { createMiddleware } from 'hono/factory';

export function noStoreByDefault() {
  return createMiddleware(async (c, next) => {
    await next();
    c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
  });
}
