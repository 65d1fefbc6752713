// createApp(deps): the runtime-neutral Hono app. Both entries (node.ts, cloudflare.ts) build
// their deps and hand them in; nothing here reaches for a Node or Workers global.

import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv, Deps } from './deps.ts';
import { ApiError, errorJson, RateLimitedError } from './http.ts';
import { apiSecurityHeaders } from './middleware/api-security-headers.ts';
import { apiBodyCap } from './middleware/max-body-size.ts';
import { noStoreByDefault } from './middleware/no-store-by-default.ts';
import { requestLogging } from './middleware/request-logging.ts';
import { sameOriginOnly } from './middleware/same-origin.ts';
import { writesNeedCurrentSchema } from './middleware/schema-behind.ts';
import { outageOf, RETRY_AFTER_SECONDS } from './outages.ts';
import { adminRoutes } from './routes/admin.ts';
import { adminPracticeRoutes } from './routes/admin-practices.ts';
import { afterSubmitRoutes } from './routes/after-submit.ts';
import { apiDocsRoutes } from './routes/api-docs.ts';
import { apiKeyRoutes } from './routes/api-keys.ts';
import { authRoutes } from './routes/auth.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { attestationRoutes, deskSettingsRoutes } from './routes/desk-settings.ts';
import { documentValidityRoutes } from './routes/document-validity.ts';
import { draftUploadRoutes } from './routes/draft-uploads.ts';
import { enrolmentRoutes } from './routes/enrolments.ts';
import { lookupRoutes } from './routes/lookup.ts';
import { practiceRoutes } from './routes/practices.ts';
import { publicRoutes } from './routes/public.ts';
import { registrationFormRoutes } from './routes/registration-forms.ts';
import { schemeFormRoutes, signedSchemeFormRoutes } from './routes/scheme-forms.ts';
import { securityLogRoutes } from './routes/security-log.ts';
import { staffAccountRoutes } from './routes/staff-accounts.ts';
import { storageRoutes } from './routes/storage.ts';
import { submissionRoutes } from './routes/submissions.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { safeError } from './safe-error.ts';

export function createApp(deps: Deps) {
  // Every router registers full paths (from the endpoint lists in schema/), so each mounts at the root.
  const app = new Hono<AppEnv>()
    .use('/api/*', apiSecurityHeaders(deps.config))
    .use('/api/*', requestLogging(deps.logger))
    .use('/api/*', noStoreByDefault())
    .use('/api/*', sameOriginOnly(deps.config))
    .use('/api/*', apiBodyCap())
    .use('/api/*', writesNeedCurrentSchema(deps))
    .route('/', publicRoutes(deps))
    .route('/', registrationFormRoutes(deps))
    .route('/', uploadRoutes(deps))
    .route('/', draftUploadRoutes(deps))
    .route('/', submissionRoutes(deps))
    .route('/', afterSubmitRoutes(deps))
    .route('/', practiceRoutes(deps))
    .route('/', schemeFormRoutes(deps))
    .route('/', attestationRoutes(deps))
    .route('/', lookupRoutes(deps))
    .route('/', authRoutes(deps))
    .route('/', catalogueRoutes(deps))
    .route('/', documentValidityRoutes(deps))
    .route('/', securityLogRoutes(deps))
    .route('/', staffAccountRoutes(deps))
    .route('/', signedSchemeFormRoutes(deps))
    .route('/', deskSettingsRoutes(deps))
    .route('/', enrolmentRoutes(deps))
    .route('/', adminPracticeRoutes(deps))
    .route('/', apiKeyRoutes(deps))
    .route('/', webhookRoutes(deps))
    .route('/', apiDocsRoutes(deps))
    .route('/', adminRoutes(deps))
    .route('/', storageRoutes(deps));

  app.notFound((c) => errorJson(c, 404, 'not_found', 'There is no such API endpoint'));

  app.onError((error, c) => {
    if (error instanceof RateLimitedError) {
      c.header('Retry-After', String(error.retryAfterSeconds));
    }
    if (error instanceof ApiError)
      return errorJson(c, error.status, error.code, error.message, error.fields, error.extra);
    if (error instanceof HTTPException) {
      return errorJson(
        c,
        error.status,
        error.status === 400 ? 'invalid_request' : 'error',
        error.message,
      );
    }
    const outage = outageOf(error);
    if (outage) {
      deps.logger.error('dependency unavailable', { route: c.req.routePath, ...safeError(error) });
      if (outage.status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return errorJson(c, outage.status, outage.code, outage.message);
    }
    deps.logger.error('unhandled error', { route: c.req.routePath, ...safeError(error) });
    return errorJson(
      c,
      500,
      'internal_error',
      'Something went wrong on our side. Please try again.',
    );
  });

  return app;
}
