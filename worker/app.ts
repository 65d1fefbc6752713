// createApp(deps): the runtime-neutral Hono app. Both entries (node.ts, cloudflare.ts) build
// their deps and hand them in; nothing here reaches for a Node or Workers global.

import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv, Deps } from './deps.ts';
import { ApiError, errorJson } from './http.ts';
import { apiSecurityHeaders } from './middleware/api-security-headers.ts';
import { noStoreByDefault } from './middleware/no-store-by-default.ts';
import { requestLogging } from './middleware/request-logging.ts';
import { sameOriginOnly } from './middleware/same-origin.ts';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { lookupRoutes } from './routes/lookup.ts';
import { publicRoutes } from './routes/public.ts';
import { registrationFormRoutes } from './routes/registration-forms.ts';
import { storageRoutes } from './routes/storage.ts';
import { submissionRoutes } from './routes/submissions.ts';
import { uploadRoutes } from './routes/uploads.ts';

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.use('/api/*', apiSecurityHeaders());
  app.use('/api/*', requestLogging(deps.logger));
  app.use('/api/*', noStoreByDefault());
  app.use('/api/*', sameOriginOnly(deps.config));

  app.route('/api', publicRoutes(deps));
  app.route('/api', registrationFormRoutes(deps));
  app.route('/api', uploadRoutes(deps));
  app.route('/api', submissionRoutes(deps));
  app.route('/api', lookupRoutes(deps));
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
