// The status lookup by practice number or SA ID number, without a tracking token
// (docs/product.md#api).
import { Hono } from 'hono';
import { lookup } from '../../schema/public-endpoints.ts';
import { lookupRequest } from '../../schema/tracking-api.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { errorJson, tooManyRequests, validate } from '../http.ts';
import { maxBodySize } from '../middleware/max-body-size.ts';
import { reply } from '../reply.ts';
import {
  LOOKUP_LIMITED_MESSAGE,
  LOOKUP_NOT_FOUND_MESSAGE,
  lookupRateLimit,
  lookupStatus,
} from '../services/tracking/lookup.ts';

export function lookupRoutes(deps: Deps) {
  return new Hono<AppEnv>().post(
    lookup.path,
    maxBodySize(4 * 1024),
    validate('json', lookupRequest),
    async (c) => {
      const limit = await lookupRateLimit(deps, deps.clientAddress(c));
      if (!limit.allowed)
        return tooManyRequests(c, limit.retryAfterSeconds, LOOKUP_LIMITED_MESSAGE);
      const status = await lookupStatus(deps.db, c.req.valid('json'));
      c.header('Cache-Control', 'no-store');
      if (!status) return errorJson(c, 404, 'not_found', LOOKUP_NOT_FOUND_MESSAGE);
      return reply(c, lookup, status);
    },
  );
}
