// Writes wait for the migrations: a database older than the code would fail them half-way
// through with errors about missing tables or columns (500s). Reads go on (the pages a
// practitioner already has keep working); /api/health says what is missing.
import { createMiddleware } from 'hono/factory';
import type { Deps } from '../deps.ts';
import { errorJson } from '../http.ts';
import { RETRY_AFTER_SECONDS } from '../outages.ts';

export function writesNeedCurrentSchema(deps: Deps) {
  return createMiddleware(async (c, next) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) return next();
    const status = await deps.schemaStatus(deps.db);
    if (status.current) return next();
    deps.logger.error('database schema behind the code', {
      expected: status.expected,
      applied: status.applied,
    });
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return errorJson(
      c,
      503,
      'schema_behind',
      'The service is being updated, so nothing was saved. Please try again in a few minutes.',
    );
  });
}
