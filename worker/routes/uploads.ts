// Upload tickets for practitioners' documents (docs/product.md#api: POST /api/objects/upload).
import { Hono } from 'hono';
import { objectUploadRequest } from '../../schema/api.ts';
import { uploadTicket } from '../../schema/public-endpoints.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { tooManyRequests, validate } from '../http.ts';
import { maxBodySize } from '../middleware/max-body-size.ts';
import { reply } from '../reply.ts';
import { issueUploadTicket, uploadRateLimit } from '../services/upload-tickets.ts';

export function uploadRoutes(deps: Deps) {
  return new Hono<AppEnv>().post(
    uploadTicket.path,
    maxBodySize(4 * 1024),
    validate('json', objectUploadRequest),
    async (c) => {
      const client = deps.clientAddress(c);
      const limit = await uploadRateLimit(deps, client);
      if (!limit.allowed) {
        return tooManyRequests(
          c,
          limit.retryAfterSeconds,
          `Too many uploads from this device. Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
        );
      }
      const { filename, size, contentType } = c.req.valid('json');
      const exact = size !== undefined && contentType ? { size, contentType } : undefined;
      const { uploadURL } = await issueUploadTicket(deps, filename, client, exact);
      return reply(c, uploadTicket, { uploadURL });
    },
  );
}
