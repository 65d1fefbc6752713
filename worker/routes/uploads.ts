// Upload tickets for practitioners' documents (docs/product.md#api: POST /api/objects/upload),
// and resumable uploads in parts for larger files (docs/decisions/063-resumable-uploads.md).
import { Hono } from 'hono';
import {
  multipartAbort,
  multipartComplete,
  multipartParts,
  multipartPartUrls,
  multipartStart,
  uploadTicket,
} from '../../schema/public-endpoints.ts';
import {
  multipartCompleteRequest,
  multipartPartUrlsRequest,
  multipartStartRequest,
  objectUploadRequest,
} from '../../schema/upload-api.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { validate } from '../http.ts';
import { maxBodySize } from '../middleware/max-body-size.ts';
import { reply } from '../reply.ts';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  listUploadedParts,
  partUploadUrls,
  startMultipartUpload,
} from '../services/uploads/multipart-uploads.ts';
import { admitUpload } from '../services/uploads/upload-budget.ts';
import { issueUploadTicket } from '../services/uploads/upload-tickets.ts';

export function uploadRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post(
      uploadTicket.path,
      maxBodySize(4 * 1024),
      validate('json', objectUploadRequest),
      async (c) => {
        const admission = await admitUpload(deps, deps.clientAddress(c));
        const { filename, size, contentType } = c.req.valid('json');
        const exact = size !== undefined && contentType ? { size, contentType } : undefined;
        const { uploadURL } = await issueUploadTicket(deps, filename, admission, exact);
        return reply(c, uploadTicket, { uploadURL });
      },
    )
    .post(
      multipartStart.path,
      maxBodySize(4 * 1024),
      validate('json', multipartStartRequest),
      async (c) => {
        const admission = await admitUpload(deps, deps.clientAddress(c));
        const started = await startMultipartUpload(deps, c.req.valid('json'), admission);
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
