// Upload tickets for practitioners' documents (docs/product.md#api: POST /api/objects/upload),
// and resumable uploads in parts for larger files (docs/decisions/063-resumable-uploads.md).
import { Hono } from 'hono';
import {
  multipartCompleteRequest,
  multipartPartUrlsRequest,
  multipartStartRequest,
  objectUploadRequest,
} from '../../schema/api.ts';
import {
  multipartAbort,
  multipartComplete,
  multipartParts,
  multipartPartUrls,
  multipartStart,
  uploadTicket,
} from '../../schema/public-endpoints.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { tooManyRequests, validate } from '../http.ts';
import { maxBodySize } from '../middleware/max-body-size.ts';
import { reply } from '../reply.ts';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  listUploadedParts,
  partUploadUrls,
  startMultipartUpload,
} from '../services/multipart-uploads.ts';
import { issueUploadTicket, uploadRateLimit } from '../services/upload-tickets.ts';

export function uploadRoutes(deps: Deps) {
  async function limited(c: Parameters<typeof tooManyRequests>[0]) {
    const limit = await uploadRateLimit(deps, deps.clientAddress(c));
    if (limit.allowed) return null;
    return tooManyRequests(
      c,
      limit.retryAfterSeconds,
      `Too many uploads from this device. Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
    );
  }

  return new Hono<AppEnv>()
    .post(
      uploadTicket.path,
      maxBodySize(4 * 1024),
      validate('json', objectUploadRequest),
      async (c) => {
        const refused = await limited(c);
        if (refused) return refused;
        const { filename, size, contentType } = c.req.valid('json');
        const exact = size !== undefined && contentType ? { size, contentType } : undefined;
        const { uploadURL } = await issueUploadTicket(deps, filename, deps.clientAddress(c), exact);
        return reply(c, uploadTicket, { uploadURL });
      },
    )
    .post(
      multipartStart.path,
      maxBodySize(4 * 1024),
      validate('json', multipartStartRequest),
      async (c) => {
        const refused = await limited(c);
        if (refused) return refused;
        const started = await startMultipartUpload(
          deps,
          c.req.valid('json'),
          deps.clientAddress(c),
        );
        return reply(c, multipartStart, started, 201);
      },
    )
    .post(
      multipartPartUrls.path,
      maxBodySize(8 * 1024),
      validate('json', multipartPartUrlsRequest),
      async (c) =>
        reply(
          c,
          multipartPartUrls,
          await partUploadUrls(deps, c.req.param('uploadId'), c.req.valid('json').partNumbers),
        ),
    )
    .get(multipartParts.path, async (c) =>
      reply(c, multipartParts, await listUploadedParts(deps, c.req.param('uploadId'))),
    )
    .post(multipartComplete.path, validate('json', multipartCompleteRequest), async (c) =>
      reply(
        c,
        multipartComplete,
        await completeMultipartUpload(deps, c.req.param('uploadId'), c.req.valid('json').parts),
      ),
    )
    .delete(multipartAbort.path, async (c) => {
      await abortMultipartUpload(deps, c.req.param('uploadId'));
      return reply(c, multipartAbort, { success: true });
    });
}
