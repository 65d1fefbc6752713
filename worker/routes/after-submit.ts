// The practitioner's ways back to an application after Submit: mailing the tracking links of
// an e-mail address, and, with the tracking token, replacing a rejected document, answering a
// request from staff, keeping the profile and confirming the e-mail address with the receipt's
// code.
import { type Context, Hono } from 'hono';
import {
  ADDRESS_CONFIRMED_MESSAGE,
  addressConfirmationRequest,
  documentReplacementRequest,
  requestAnswerRequest,
  TRACKING_LINKS_LIMITED_MESSAGE,
  TRACKING_LINKS_MESSAGE,
  trackingLinksRequest,
} from '../../schema/notify-api.ts';
import { practitionerProfile } from '../../schema/practitioner-profile.ts';
import {
  addressConfirmation,
  documentReplacement,
  practitionerProfileSave,
  requestAnswer,
  trackingLinks,
} from '../../schema/public-endpoints.ts';
import { PROOF_CODE_HEADER } from '../../schema/scheme-forms-api.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { tooManyRequests, validate } from '../http.ts';
import { keepRunning } from '../keep-running.ts';
import { maxBodySize } from '../middleware/max-body-size.ts';
import { reply, replyJsonText } from '../reply.ts';
import { deliverAll } from '../services/notices/mail-outbox.ts';
import { savePractitionerProfile } from '../services/practitioner-profile/practitioner-profiles.ts';
import { replaceDocument } from '../services/practitioner-requests/document-replacement.ts';
import { answerRequest } from '../services/practitioner-requests/practitioner-requests.ts';
import { consume, UPLOAD_WINDOW_MS } from '../services/rate-limits/rate-limits.ts';
import { confirmAddress } from '../services/tracking/address-confirmation.ts';
import { trackingJson } from '../services/tracking/tracking-json.ts';
import { requestTrackingLinks } from '../services/tracking/tracking-links.ts';
import { uploadsLimitedMessage } from '../services/uploads/upload-budget.ts';

/** A profile is sent once and corrected a few times; more from one client is not a practitioner. */
const PROFILE_SAVES_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

/**
 * A profile or an answer is sent once and corrected a few times: more than 30 an hour from one
 * client is not a practitioner. The 429 to answer, or null to go on.
 */
async function hourlyLimit(deps: Deps, c: Context<AppEnv>, bucket: string, what: string) {
  const limit = await consume(
    deps.db,
    { bucket, limit: PROFILE_SAVES_PER_HOUR, windowMs: HOUR_MS },
    deps.clientAddress(c),
    deps.clock.now(),
  );
  if (limit.allowed) return null;
  return tooManyRequests(
    c,
    limit.retryAfterSeconds,
    `Too many ${what} from this device. Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
  );
}

export function afterSubmitRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post(
      trackingLinks.path,
      maxBodySize(4 * 1024),
      validate('json', trackingLinksRequest),
      async (c) => {
        const result = await requestTrackingLinks(
          deps,
          c.req.valid('json').email,
          deps.clientAddress(c),
        );
        if (result.outcome === 'limited') {
          return tooManyRequests(c, result.retryAfterSeconds, TRACKING_LINKS_LIMITED_MESSAGE);
        }
        const answer = reply(c, trackingLinks, { success: true, message: TRACKING_LINKS_MESSAGE });
        keepRunning(c, result.start());
        return answer;
      },
    )
    .post(
      documentReplacement.path,
      maxBodySize(8 * 1024),
      validate('json', documentReplacementRequest),
      async (c) => {
        const limit = await consume(
          deps.db,
          {
            bucket: 'document_replacement',
            limit: deps.config.uploadRateLimit,
            windowMs: UPLOAD_WINDOW_MS,
          },
          deps.clientAddress(c),
          deps.clock.now(),
        );
        if (!limit.allowed) {
          return tooManyRequests(
            c,
            limit.retryAfterSeconds,
            uploadsLimitedMessage(limit.retryAfterSeconds),
          );
        }
        const token = c.req.param('token');
        const { mailIds } = await replaceDocument(
          deps,
          token,
          c.req.param('documentId'),
          c.req.valid('json'),
        );
        if (mailIds.length > 0) keepRunning(c, deliverAll(deps, mailIds));
        const body = await trackingJson(deps.reads, token);
        c.header('Cache-Control', 'no-store');
        return replyJsonText(c, documentReplacement, body!, 201);
      },
    )
    .post(
      requestAnswer.path,
      maxBodySize(8 * 1024),
      validate('json', requestAnswerRequest),
      async (c) => {
        const limited = await hourlyLimit(deps, c, 'request_answer', 'answers');
        if (limited) return limited;
        const token = c.req.param('token');
        await answerRequest(deps, token, c.req.param('requestId'), c.req.valid('json'));
        const body = await trackingJson(deps.reads, token);
        c.header('Cache-Control', 'no-store');
        return replyJsonText(c, requestAnswer, body!, 201);
      },
    )
    .post(
      practitionerProfileSave.path,
      maxBodySize(8 * 1024),
      validate('json', practitionerProfile),
      async (c) => {
        const limited = await hourlyLimit(deps, c, 'practitioner_profile', 'changes');
        if (limited) return limited;
        const saved = await savePractitionerProfile(
          deps,
          c.req.param('token'),
          c.req.valid('json'),
          c.req.header(PROOF_CODE_HEADER),
        );
        c.header('Cache-Control', 'no-store');
        return reply(c, practitionerProfileSave, saved);
      },
    )
    .post(
      addressConfirmation.path,
      maxBodySize(1024),
      validate('json', addressConfirmationRequest),
      async (c) => {
        // No rate limit of its own: the code is 256 random bits, so guessing gains nothing.
        await confirmAddress(deps, c.req.param('token'), c.req.valid('json').code);
        c.header('Cache-Control', 'no-store');
        return reply(c, addressConfirmation, {
          success: true,
          message: ADDRESS_CONFIRMED_MESSAGE,
        });
      },
    );
}
