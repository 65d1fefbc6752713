// createApp(deps): the runtime-neutral Hono app. Both entries (node.ts, cloudflare.ts) build
// their deps and hand them in; nothing here reaches for a Node or Workers global.

import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv, Deps } from './deps.ts';
import { ApiError, errorJson } from './http.ts';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { documentRoutes } from './routes/documents.ts';
import { publicRoutes } from './routes/public.ts';
import { storageRoutes } from './routes/storage.ts';
import { submissionRoutes } from './routes/submissions.ts';
import { uploadRoutes } from './routes/uploads.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.use(
    '/api/*',
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      crossOriginResourcePolicy: 'same-origin',
      referrerPolicy: 'no-referrer',
    }),
  );

  // Logs carry no paths beyond the route pattern: tracking tokens and signed URLs are secrets.
  app.use('/api/*', async (c, next) => {
    const started = Date.now();
    c.set('requestId', crypto.randomUUID());
    await next();
    if (c.res.status >= 500) {
      deps.logger.error('request failed', {
        method: c.req.method,
        route: c.req.routePath,
        status: c.res.status,
      });
    } else {
      deps.logger.info('request', {
        method: c.req.method,
        route: c.req.routePath,
        status: c.res.status,
        ms: Date.now() - started,
      });
    }
    c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
  });

  // Cross-site request forgery: a state-changing call must come from our own origin.
  app.use('/api/*', async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('Origin');
      const site = c.req.header('Sec-Fetch-Site');
      const own = new Set([new URL(c.req.url).origin, deps.config.publicOrigin]);
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

  app.route('/api', publicRoutes(deps));
  app.route('/api', documentRoutes(deps));
  app.route('/api', uploadRoutes(deps));
  app.route('/api', submissionRoutes(deps));
  app.route('/api/auth', authRoutes(deps));
  app.route('/api', adminRoutes(deps));
  app.route('/api/storage', storageRoutes(deps));

  app.notFound((c) => errorJson(c, 404, 'not_found', 'There is no such API endpoint'));

  app.onError((error, c) => {
    if (error instanceof ApiError)
      return errorJson(c, error.status, error.code, error.message, error.fields);
    if (error instanceof HTTPException) {
      return errorJson(
        c,
        error.status,
        error.status === 400 ? 'invalid_request' : 'error',
        error.message,
      );
    }
    deps.logger.error('unhandled error', { route: c.req.routePath, error: String(error) });
    return errorJson(
      c,
      500,
      'internal_error',
      'Something went wrong on our side. Please try again.',
    );
  });

  return app;
}
