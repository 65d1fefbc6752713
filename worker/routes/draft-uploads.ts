// Keeping the uploads of a draft alive on its device (decision 066): POST /api/objects/keep.
import { Hono } from 'hono';
import { keepUploads } from '../../schema/public-endpoints.ts';
import { keepUploadsRequest } from '../../schema/upload-api.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { tooManyRequests, validate } from '../http.ts';
import { maxBodySize } from '../middleware/max-body-size.ts';
import { reply } from '../reply.ts';
import { consume, UPLOAD_WINDOW_MS } from '../services/rate-limits/rate-limits.ts';
import { keepDraftUploads } from '../services/uploads/draft-uploads.ts';

/** A device asks when the wizard opens and at most hourly while it is edited. */
const KEEP_LIMIT = { bucket: 'keep_uploads', limit: 120, windowMs: UPLOAD_WINDOW_MS };

export function draftUploadRoutes(deps: Deps) {
  return new Hono<AppEnv>().post(
    keepUploads.path,
    maxBodySize(1024 * 1024),
    validate('json', keepUploadsRequest),
    async (c) => {
      const limit = await consume(deps.db, KEEP_LIMIT, deps.clientAddress(c), deps.clock.now());
      if (!limit.allowed) {
        return tooManyRequests(
          c,
          limit.retryAfterSeconds,
          `Too many requests from this device. Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
        );
      }
      const { kept, keptUntil } = await keepDraftUploads(deps, c.req.valid('json').uploads);
      return reply(c, keepUploads, { kept, keptUntil: keptUntil.toISOString() });
    },
  );
}
