// Webhooks to the billing system (issue 40): endpoints, their secret (returned on creation and
// rotation only), and the delivery log with its replay.
import {
  webhookDeliveriesRead,
  webhookEndpointCreation,
  webhookEndpointResumption,
  webhookEndpointRevocation,
  webhookEndpointsRead,
  webhookReplay,
  webhookSecretRotation,
} from '../../../schema/staff-endpoints.ts';
import type {
  WebhookDeliveryList,
  WebhookEndpointCreate,
  WebhookEndpointList,
} from '../../../schema/webhooks-api.ts';
import { request } from '../../lib/api-client.ts';

export async function loadWebhooks(
  signal?: AbortSignal,
): Promise<WebhookEndpointList & WebhookDeliveryList> {
  const [endpoints, deliveries] = await Promise.all([
    request(webhookEndpointsRead, { signal }),
    request(webhookDeliveriesRead, { signal, query: {} }),
  ]);
  return { ...endpoints, ...deliveries };
}

export const createWebhookEndpoint = (body: WebhookEndpointCreate) =>
  request(webhookEndpointCreation, { body });

export const revokeWebhookEndpoint = (endpointId: string) =>
  request(webhookEndpointRevocation, { params: { endpointId } });

export const rotateWebhookSecret = (endpointId: string) =>
  request(webhookSecretRotation, { params: { endpointId } });

export const resumeWebhookEndpoint = (endpointId: string) =>
  request(webhookEndpointResumption, { params: { endpointId } });

export const replayWebhook = (deliveryId: string) =>
  request(webhookReplay, { params: { deliveryId } });
