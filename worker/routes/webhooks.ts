// Webhooks to the billing system (issue 40, decision 122): staff keep endpoints and read the
// delivery log with its replay, behind requireStaff like every /api/admin route.
import { Hono } from 'hono';
import {
  webhookDeliveriesRead,
  webhookEndpointCreation,
  webhookEndpointResumption,
  webhookEndpointRevocation,
  webhookEndpointsRead,
  webhookReplay,
  webhookSecretRotation,
} from '../../schema/staff-endpoints.ts';
import { webhookDeliveriesQuery, webhookEndpointCreate } from '../../schema/webhooks-api.ts';
import type { Deps } from '../deps.ts';
import { validate } from '../http.ts';
import { requireStaff, type StaffEnv } from '../middleware/require-staff.ts';
import { reply } from '../reply.ts';
import {
  createWebhookEndpoint,
  listWebhookEndpoints,
  resumeWebhookEndpoint,
  revokeWebhookEndpoint,
  rotateWebhookSecret,
} from '../services/webhooks/webhook-endpoints.ts';
import { listWebhookDeliveries, replayWebhookDelivery } from '../services/webhooks/webhook-log.ts';

export function webhookRoutes(deps: Deps) {
  return new Hono<StaffEnv>()
    .use('/api/admin/webhooks/*', requireStaff(deps))
    .get(webhookEndpointsRead.path, async (c) =>
      reply(c, webhookEndpointsRead, { endpoints: await listWebhookEndpoints(deps.db) }),
    )
    .post(webhookEndpointCreation.path, validate('json', webhookEndpointCreate), async (c) =>
      reply(
        c,
        webhookEndpointCreation,
        await createWebhookEndpoint(deps, c.get('staff'), c.req.valid('json')),
        201,
      ),
    )
    .delete(webhookEndpointRevocation.path, async (c) => {
      await revokeWebhookEndpoint(deps, c.get('staff'), c.req.param('endpointId'));
      return reply(c, webhookEndpointRevocation, { success: true });
    })
    .post(webhookSecretRotation.path, async (c) =>
      reply(
        c,
        webhookSecretRotation,
        await rotateWebhookSecret(deps, c.get('staff'), c.req.param('endpointId')),
      ),
    )
    .post(webhookEndpointResumption.path, async (c) =>
      reply(
        c,
        webhookEndpointResumption,
        await resumeWebhookEndpoint(deps, c.get('staff'), c.req.param('endpointId')),
      ),
    )
    .get(webhookDeliveriesRead.path, validate('query', webhookDeliveriesQuery), async (c) =>
      reply(c, webhookDeliveriesRead, {
        deliveries: await listWebhookDeliveries(deps.db, c.req.valid('query').endpointId),
      }),
    )
    .post(webhookReplay.path, async (c) =>
      reply(
        c,
        webhookReplay,
        await replayWebhookDelivery(deps, c.get('staff'), c.req.param('deliveryId')),
      ),
    );
}
