// Webhooks for the bureau's billing system (issue 40, decision 122): what staff send to keep
// endpoints, what they see of endpoints and deliveries, and the payload of each event. Payloads
// carry what billing needs and no more (POPIA): ids, the practice number, names, the scheme,
// statuses, the provider number and dates; no ID numbers, documents, addresses or bank details.
import { z } from 'zod/mini';
import { machineEnrolment } from './api-keys-api.ts';
import { SCHEME_STATUSES } from './enrolment.ts';

export const WEBHOOK_EVENTS = [
  'application.submitted',
  'enrolment.status_changed',
  'document.replaced',
  'application.deleted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_TEXT: Record<WebhookEventType, string> = {
  'application.submitted': 'Application submitted',
  'enrolment.status_changed': 'Enrolment status changed (with the provider number)',
  'document.replaced': 'Document replaced',
  'application.deleted': 'Application deleted',
};

/** POST /api/admin/webhooks/endpoints. Whether the address may be reached is checked after. */
export const webhookEndpointCreate = z.object({
  url: z.string().check(
    z.trim(),
    z.minLength(1, 'Enter the address the billing system receives webhooks at'),
    z.maxLength(500, 'Use at most 500 characters'),
    z.refine(
      (v) => URL.canParse(v),
      'Enter a full address such as https://billing.example.co.za/hooks',
    ),
  ),
  description: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Name the system that receives them'),
      z.maxLength(80, 'Use at most 80 characters'),
    ),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .check(z.minLength(1, 'Choose at least one event to send')),
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreate>;

export const webhookEndpointView = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdByEmail: z.nullable(z.string()),
  createdAt: z.string(),
  revokedAt: z.nullable(z.string()),
  /** Paused after failing for too long; nothing is sent until staff resume it. */
  pausedAt: z.nullable(z.string()),
  failuresInRow: z.number(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

/** Creation and rotation answer with the signing secret, this once. */
export const webhookEndpointCreated = z.object({
  secret: z.string(),
  endpoint: webhookEndpointView,
});
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreated>;

export const webhookEndpointList = z.object({ endpoints: z.array(webhookEndpointView) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointList>;

export const webhookDeliveryView = z.object({
  id: z.string(),
  /** The webhook-id header: the same on every attempt and every replay of the event. */
  webhookId: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  endpointId: z.string(),
  endpointUrl: z.string(),
  attempts: z.number(),
  lastStatus: z.nullable(z.number()),
  lastError: z.nullable(z.string()),
  lastAttemptAt: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  abandonedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

/** GET /api/admin/webhooks/deliveries: newest first, of one endpoint or all. */
export const webhookDeliveriesQuery = z.object({ endpointId: z.optional(z.string()) });
export const webhookDeliveryList = z.object({ deliveries: z.array(webhookDeliveryView) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryList>;

// The payloads, as the receiver gets them: {"type", "timestamp", "data"} (Standard Webhooks).
const envelope = <T extends WebhookEventType, D extends z.core.$ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), timestamp: z.string(), data });

export const applicationSubmittedWebhook = envelope(
  'application.submitted',
  z.object({
    applicationId: z.string(),
    reference: z.nullable(z.string()),
    practitionerName: z.string(),
    practiceNumber: z.nullable(z.string()),
    submittedAt: z.string(),
    enrolments: z.array(
      z.object({
        enrolmentId: z.string(),
        schemeKey: z.string(),
        schemeName: z.string(),
        status: z.enum(SCHEME_STATUSES),
      }),
    ),
  }),
);
export const enrolmentStatusChangedWebhook = envelope('enrolment.status_changed', machineEnrolment);
export const documentReplacedWebhook = envelope(
  'document.replaced',
  z.object({
    applicationId: z.string(),
    reference: z.nullable(z.string()),
    documentId: z.string(),
    replacesDocumentId: z.string(),
    sectionKey: z.string(),
    sectionLabel: z.string(),
    replacedAt: z.string(),
  }),
);
export const applicationDeletedWebhook = envelope(
  'application.deleted',
  z.object({
    applicationId: z.string(),
    reference: z.nullable(z.string()),
    deletedAt: z.string(),
  }),
);

/** Each event's payload, for the OpenAPI document and for checking what is sent. */
export const WEBHOOK_PAYLOADS = {
  'application.submitted': applicationSubmittedWebhook,
  'enrolment.status_changed': enrolmentStatusChangedWebhook,
  'document.replaced': documentReplacedWebhook,
  'application.deleted': applicationDeletedWebhook,
} as const satisfies Record<WebhookEventType, z.ZodMiniType>;
