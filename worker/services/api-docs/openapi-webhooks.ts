// The webhooks of the OpenAPI document (OpenAPI 3.1 `webhooks`, decision 122): what the billing
// system receives for each event, from the same zod schemas the payloads are checked against,
// with the three Standard Webhooks headers.
import { z } from 'zod/mini';
import {
  WEBHOOK_EVENT_TEXT,
  WEBHOOK_EVENTS,
  WEBHOOK_PAYLOADS,
} from '../../../schema/webhooks-api.ts';

const HEADERS = [
  ['webhook-id', "The event's id (msg_…): the same on every retry and replay; drop repeats by it"],
  ['webhook-timestamp', 'Seconds since 1970 when this attempt was signed'],
  [
    'webhook-signature',
    'v1,<base64 HMAC-SHA256 of "id.timestamp.body" with the endpoint\'s secret>',
  ],
] as const;

export function openApiWebhooks() {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => {
      const { $schema: _, ...payload } = z.toJSONSchema(WEBHOOK_PAYLOADS[type], {
        io: 'output',
        unrepresentable: 'any',
      }) as Record<string, unknown>;
      return [
        type,
        {
          post: {
            operationId: `webhook${type.replace(/(^|[._])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`,
            summary: WEBHOOK_EVENT_TEXT[type],
            description:
              'Signed per Standard Webhooks: verify the signature with the secret shown when the endpoint was added. Sent at least once; retried with backoff for three days until a 2xx answer.',
            tags: ['Webhooks'],
            parameters: HEADERS.map(([name, description]) => ({
              name,
              in: 'header',
              required: true,
              description,
              schema: { type: 'string' },
            })),
            requestBody: { required: true, content: { 'application/json': { schema: payload } } },
            responses: {
              '2XX': { description: 'Received; answer within 15 seconds and do the work after' },
            },
          },
        },
      ];
    }),
  );
}
