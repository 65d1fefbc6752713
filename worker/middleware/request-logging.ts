// One log line per API request, with a request id for the handlers.
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Logger } from '../deps.ts';

// Logs carry no paths beyond the route pattern: tracking tokens and signed URLs are secrets.
export function requestLogging(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = Date.now();
    c.set('requestId', crypto.randomUUID());
    await next();
    if (c.res.status >= 500) {
      logger.error('request failed', {
        method: c.req.method,
        route: c.req.routePath,
        status: c.res.status,
      });
    } else {
      logger.info('request', {
        method: c.req.method,
        route: c.req.routePath,
        status: c.res.status,
        ms: Date.now() - started,
      });
    }
  });
}
