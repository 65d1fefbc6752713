// The practitioner's ways back to an application after Submit: mailing the tracking links of
// an e-mail address, and, with the tracking token, replacing a rejected document, answering a
// request from staff and keeping the profile.
import { Hono } from 'hono';
import {
  documentReplacementRequest,
  requestAnswerRequest,
  TRACKING_LINKS_LIMITED_MESSAGE,
  TRACKING_LINKS_MESSAGE,
  trackingLinksRequest,
} from '../../schema/notify-api.ts';
import { practitionerProfile } from '../../schema/practitioner-profile.ts';
import {
  documentReplacement,
  practitionerProfileSave,
  requestAnswer,
  trackingLinks,
} from '../../schema/public-endpoints.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { tooManyRequests, validate } from '../http.ts';
import { keepRunning } from '../keep-running.ts';
import { maxBodySize } from '../middleware/max-body-size.ts';
import { reply } from '../reply.ts';
import { replaceDocument } from '../services/document-replacement.ts';
import { deliverAll } from '../services/mail-outbox.ts';
import { savePractitionerProfile } from '../services/practitioner-profiles.ts';
import { answerRequest } from '../services/practitioner-requests.ts';
import { consume, UPLOAD_WINDOW_MS } from '../services/rate-limits.ts';
import { trackingView } from '../services/tracking.ts';
import { requestTrackingLinks } from '../services/tracking-links.ts';

/** A profile is sent once and corrected a few times; more from one client is not a practitioner. */
const PROFILE_SAVES_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

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
        keepRunning(c, result.work);
        return reply(c, trackingLinks, { success: true, message: TRACKING_LINKS_MESSAGE });
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
            `Too many uploads from this device. Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
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
        const view = await trackingView(deps.db, token);
        c.header('Cache-Control', 'no-store');
        return reply(c, documentReplacement, view!, 201);
      },
    )
    .post(
      requestAnswer.path,
      maxBodySize(8 * 1024),
      validate('json', requestAnswerRequest),
      async (c) => {
        const limit = await consume(
          deps.db,
          { bucket: 'request_answer', limit: PROFILE_SAVES_PER_HOUR, windowMs: HOUR_MS },
          deps.clientAddress(c),
          deps.clock.now(),
        );
        if (!limit.allowed) {
          return tooManyRequests(
            c,
            limit.retryAfterSeconds,
            `Too many answers from this device. Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
          );
        }
        const token = c.req.param('token');
        await answerRequest(deps, token, c.req.param('requestId'), c.req.valid('json'));
        const view = await trackingView(deps.db, token);
        c.header('Cache-Control', 'no-store');
        return reply(c, requestAnswer, view!, 201);
      },
    )
    .post(
      practitionerProfileSave.path,
      maxBodySize(8 * 1024),
      validate('json', practitionerProfile),
      async (c) => {
        const limit = await consume(
          deps.db,
          { bucket: 'practitioner_profile', limit: PROFILE_SAVES_PER_HOUR, windowMs: HOUR_MS },
          deps.clientAddress(c),
          deps.clock.now(),
        );
        if (!limit.allowed) {
          return tooManyRequests(
            c,
            limit.retryAfterSeconds,
            `Too many changes from this device. Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
          );
        }
        const saved = await savePractitionerProfile(
          deps,
          c.req.param('token'),
          c.req.valid('json'),
        );
        c.header('Cache-Control', 'no-store');
        return reply(c, practitionerProfileSave, saved);
      },
    );
}
