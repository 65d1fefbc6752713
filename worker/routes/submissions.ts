// Submissions, tracking and the status lookup (SPEC §7).
import { Hono } from 'hono';
import { lookupRequest, submitRequest } from '../../schema/api.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { errorJson, tooManyRequests, validate } from '../http.ts';
import { maxBodySize } from '../middleware/max-body-size.ts';
import { IDEMPOTENCY_KEY_HEADER, parseIdempotencyKey } from '../services/idempotency.ts';
import {
  LOOKUP_LIMITED_MESSAGE,
  LOOKUP_NOT_FOUND_MESSAGE,
  lookupRateLimit,
  lookupStatus,
} from '../services/lookup.ts';
import { createSubmission } from '../services/submissions.ts';
import { SUBMISSION_NOT_FOUND, trackingView } from '../services/tracking.ts';

export function submissionRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post(
      '/submissions',
      maxBodySize(2 * 1024 * 1024),
      validate('json', submitRequest),
      async (c) => {
        const answer = await createSubmission(deps, c.req.valid('json'), {
          clientAddress: deps.clientAddress(c),
          userAgent: c.req.header('User-Agent'),
          idempotencyKey: parseIdempotencyKey(c.req.header(IDEMPOTENCY_KEY_HEADER)),
        });
        return c.json(answer.body, answer.status);
      },
    )
    .get('/submissions/:token', async (c) => {
      const view = await trackingView(deps.db, c.req.param('token'));
      c.header('Cache-Control', 'no-store');
      if (!view) return errorJson(c, 404, 'not_found', SUBMISSION_NOT_FOUND);
      return c.json(view);
    })
    .post('/lookup', maxBodySize(4 * 1024), validate('json', lookupRequest), async (c) => {
      const limit = await lookupRateLimit(deps, deps.clientAddress(c));
      if (!limit.allowed)
        return tooManyRequests(c, limit.retryAfterSeconds, LOOKUP_LIMITED_MESSAGE);
      const status = await lookupStatus(deps.db, c.req.valid('json'));
      c.header('Cache-Control', 'no-store');
      if (!status) return errorJson(c, 404, 'not_found', LOOKUP_NOT_FOUND_MESSAGE);
      return c.json(status);
    });
}
