// Cross-site request forgery: a state-changing call must come from our own origin.
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config.ts';
import { errorJson } from '../http.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOriginOnly(config: Pick<Config, 'publicOrigin'>) {
  return createMiddleware(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('Origin');
      const site = c.req.header('Sec-Fetch-Site');
      const own = new Set([new URL(c.req.url).origin, config.publicOrigin]);
      if (
        (origin && origin !== 'null' && !own.has(origin)) ||
        origin === 'null' ||
        site === 'cross-site'
      ) {
        return errorJson(c, 403, 'forbidden_origin', 'Requests from other sites are not allowed');
      }
    }
    await next();
  });
}
