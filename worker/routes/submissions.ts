// Submitting an application and tracking it by its token (docs/product.md#api).
import { Hono } from 'hono';
import { submit, tracking } from '../../schema/public-endpoints.ts';
import { submitRequest } from '../../schema/submission-api.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { errorJson, validate } from '../http.ts';
import { keepRunning } from '../keep-running.ts';
import { maxBodySize } from '../middleware/max-body-size.ts';
import { reply, replyJsonText } from '../reply.ts';
import { deliverAll } from '../services/notices/mail-outbox.ts';
import {
  APPLICATION_ID_HEADER,
  parseApplicationId,
} from '../services/submissions/application-id.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  parseIdempotencyKey,
} from '../services/submissions/idempotency.ts';
import { createSubmission } from '../services/submissions/submissions.ts';
import { SUBMISSION_NOT_FOUND } from '../services/tracking/tracking.ts';
import { trackingJson } from '../services/tracking/tracking-json.ts';

export function submissionRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post(submit.path, maxBodySize(2 * 1024 * 1024), validate('json', submitRequest), async (c) => {
      const answer = await createSubmission(deps, c.req.valid('json'), {
        clientAddress: deps.clientAddress(c),
        userAgent: c.req.header('User-Agent'),
        idempotencyKey: parseIdempotencyKey(c.req.header(IDEMPOTENCY_KEY_HEADER)),
        applicationId: parseApplicationId(c.req.header(APPLICATION_ID_HEADER)),
      });
      if (answer.mailIds) keepRunning(c, deliverAll(deps, answer.mailIds));
      return reply(c, submit, answer.body, answer.status);
    })
    .get(tracking.path, async (c) => {
      const body = await trackingJson(deps.reads, c.req.param('token'));
      c.header('Cache-Control', 'no-store');
      if (body === null) return errorJson(c, 404, 'not_found', SUBMISSION_NOT_FOUND);
      return replyJsonText(c, tracking, body);
    });
}
