// A practice that onboards together (decision 120): the manager's practice and invitations,
// and a practitioner's own part through their invitation.
import { Hono } from 'hono';
import {
  invitationRequest,
  invitationSubmitRequest,
  practiceRequest,
} from '../../schema/practice-api.ts';
import {
  invitation,
  invitationSubmit,
  practiceCreation,
  practiceInvitation,
  practiceInvitationResend,
  practiceInvitationWithdrawal,
  practiceTracking,
} from '../../schema/public-endpoints.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { validate } from '../http.ts';
import { keepRunning } from '../keep-running.ts';
import { maxBodySize } from '../middleware/max-body-size.ts';
import { reply } from '../reply.ts';
import { deliverAll } from '../services/notices/mail-outbox.ts';
import { invite, resendInvitation, withdrawInvitation } from '../services/practices/invitations.ts';
import { submitThroughInvitation } from '../services/practices/practice-submission.ts';
import {
  invitationView,
  practiceTracking as trackPractice,
} from '../services/practices/practice-tracking.ts';
import { createPractice } from '../services/practices/practices.ts';
import {
  APPLICATION_ID_HEADER,
  parseApplicationId,
} from '../services/submissions/application-id.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  parseIdempotencyKey,
} from '../services/submissions/idempotency.ts';

export function practiceRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post(
      practiceCreation.path,
      maxBodySize(1024 * 1024),
      validate('json', practiceRequest),
      async (c) => {
        const answer = await createPractice(
          deps,
          c.req.valid('json'),
          deps.clientAddress(c),
          parseIdempotencyKey(c.req.header(IDEMPOTENCY_KEY_HEADER)),
        );
        keepRunning(c, deliverAll(deps, answer.mailIds));
        return reply(c, practiceCreation, answer.body, 201);
      },
    )
    .get(practiceTracking.path, async (c) => {
      c.header('Cache-Control', 'no-store');
      return reply(c, practiceTracking, await trackPractice(deps, c.req.param('token')));
    })
    .post(practiceInvitation.path, validate('json', invitationRequest), async (c) => {
      const answer = await invite(
        deps,
        c.req.param('token'),
        c.req.valid('json'),
        parseIdempotencyKey(c.req.header(IDEMPOTENCY_KEY_HEADER)),
      );
      keepRunning(c, deliverAll(deps, answer.mailIds));
      return reply(c, practiceInvitation, { invitationId: answer.invitationId }, 201);
    })
    .post(practiceInvitationResend.path, async (c) => {
      const { token, invitationId } = c.req.param();
      const answer = await resendInvitation(
        deps,
        token,
        invitationId,
        parseIdempotencyKey(c.req.header(IDEMPOTENCY_KEY_HEADER)),
      );
      keepRunning(c, deliverAll(deps, answer.mailIds));
      return reply(c, practiceInvitationResend, {
        success: true,
        message: 'Invitation sent again.',
      });
    })
    .delete(practiceInvitationWithdrawal.path, async (c) => {
      const { token, invitationId } = c.req.param();
      await withdrawInvitation(deps, token, invitationId);
      return reply(c, practiceInvitationWithdrawal, {
        success: true,
        message: 'Invitation withdrawn: its link no longer works.',
      });
    })
    .get(invitation.path, async (c) => {
      c.header('Cache-Control', 'no-store');
      return reply(c, invitation, await invitationView(deps, c.req.param('token')));
    })
    .post(
      invitationSubmit.path,
      maxBodySize(2 * 1024 * 1024),
      validate('json', invitationSubmitRequest),
      async (c) => {
        const answer = await submitThroughInvitation(
          deps,
          c.req.param('token'),
          c.req.valid('json'),
          {
            clientAddress: deps.clientAddress(c),
            userAgent: c.req.header('User-Agent'),
            idempotencyKey: parseIdempotencyKey(c.req.header(IDEMPOTENCY_KEY_HEADER)),
            applicationId: parseApplicationId(c.req.header(APPLICATION_ID_HEADER)),
          },
        );
        if (answer.mailIds) keepRunning(c, deliverAll(deps, answer.mailIds));
        return reply(c, invitationSubmit, answer.body, answer.status);
      },
    );
}
