// The OpenAPI 3.1 document (issue 40), generated from the zod contracts in schema/ with zod 4's
// toJSONSchema (it takes zod/mini schemas too), so the description cannot drift from what the
// routes validate: each operation below names its endpoint and the very schemas its route uses,
// and the compiler checks that those schemas have the endpoint's types. Served at
// /api/openapi.json; validated in tests by an independent OpenAPI validator.
import { z } from 'zod/mini';
import { errorBody, okResponse } from '../../../schema/api-basics.ts';
import {
  type ApiKeyScope,
  machineApplication,
  machineEnrolment,
  machineEnrolmentChange,
  machineEnrolmentList,
  machineEnrolmentsQuery,
} from '../../../schema/api-keys-api.ts';
import type { BodyOf, Endpoint, ResponseOf } from '../../../schema/endpoint.ts';
import {
  machineApplicationRead,
  machineEnrolmentsRead,
  machineEnrolmentUpdate,
} from '../../../schema/machine-endpoints.ts';
import { trackingLinksRequest } from '../../../schema/notify-api.ts';
import {
  lookup,
  submit,
  tracking,
  trackingLinks,
  uploadTicket,
} from '../../../schema/public-endpoints.ts';
import { submitRequest, submitResponse } from '../../../schema/submission-api.ts';
import { lookupRequest, lookupResponse, trackingResponse } from '../../../schema/tracking-api.ts';
import { objectUploadRequest, objectUploadResponse } from '../../../schema/upload-api.ts';
import { openApiWebhooks } from './openapi-webhooks.ts';

type Operation = {
  endpoint: Endpoint;
  summary: string;
  tag: 'Machine API' | 'Public API';
  /** The key scope a machine call needs; none for a public call. */
  scope?: ApiKeyScope;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  response: z.ZodMiniType;
  /** Statuses besides 200 and 400 that a client should handle. */
  errors: number[];
};

/** One operation, its schemas checked against the endpoint's declared types. */
function operation<E extends Endpoint>(
  endpoint: E,
  spec: Omit<Operation, 'endpoint' | 'body' | 'response'> & {
    response: z.ZodMiniType<ResponseOf<E>>;
    body?: z.ZodMiniType<unknown, BodyOf<E>>;
  },
): Operation {
  return { endpoint, ...spec };
}

export const OPERATIONS: Operation[] = [
  operation(machineApplicationRead, {
    summary: 'An application with its scheme enrolments',
    tag: 'Machine API',
    scope: 'applications:read',
    response: machineApplication,
    errors: [401, 403, 404, 429],
  }),
  operation(machineEnrolmentsRead, {
    summary: 'Enrolments, oldest change first (poll with changedSince)',
    tag: 'Machine API',
    scope: 'applications:read',
    query: machineEnrolmentsQuery,
    response: machineEnrolmentList,
    errors: [401, 403, 429],
  }),
  operation(machineEnrolmentUpdate, {
    summary: "Set an enrolment's status and provider number (the enrolment desk's rules apply)",
    tag: 'Machine API',
    scope: 'enrolments:write',
    body: machineEnrolmentChange,
    response: machineEnrolment,
    errors: [401, 403, 404, 429],
  }),
  operation(submit, {
    summary: 'Submit an application (Idempotency-Key and Application-Id headers recommended)',
    tag: 'Public API',
    body: submitRequest,
    response: submitResponse,
    errors: [409, 413, 429],
  }),
  operation(tracking, {
    summary: 'The tracking view of one application, by its tracking token',
    tag: 'Public API',
    response: trackingResponse,
    errors: [404],
  }),
  operation(lookup, {
    summary: 'The privacy-limited status lookup',
    tag: 'Public API',
    body: lookupRequest,
    response: lookupResponse,
    errors: [429],
  }),
  operation(uploadTicket, {
    summary: 'A signed URL to upload one document to',
    tag: 'Public API',
    body: objectUploadRequest,
    response: objectUploadResponse,
    errors: [413, 429, 507],
  }),
  operation(trackingLinks, {
    summary: 'Mail lost tracking links to the address an application gave',
    tag: 'Public API',
    body: trackingLinksRequest,
    response: okResponse,
    errors: [429],
  }),
];

const schema = (type: z.ZodMiniType, io: 'input' | 'output') => {
  const { $schema: _, ...rest } = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

const json = (type: z.ZodMiniType, io: 'input' | 'output') => ({
  content: { 'application/json': { schema: schema(type, io) } },
});

const ERROR_TEXT: Record<number, string> = {
  400: 'The request was refused; error.message says why, error.fields per field',
  401: 'No valid, unexpired API key',
  403: 'The API key lacks the scope',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  429: 'Too many requests; wait Retry-After seconds',
  507: 'Storage is full',
};

function pathItem(op: Operation) {
  const openApiPath = op.endpoint.path.replace(/:(\w+)/g, '{$1}');
  const pathParams = [...op.endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const queryShape = op.query ? schema(op.query, 'input') : null;
  const queryParams = Object.entries(
    (queryShape?.properties as Record<string, object> | undefined) ?? {},
  ).map(([name, s]) => ({
    name,
    in: 'query',
    required: ((queryShape?.required as string[] | undefined) ?? []).includes(name),
    schema: s,
  }));
  const responses: Record<string, object> = {
    200: { description: 'OK', ...json(op.response, 'output') },
  };
  for (const status of [400, ...op.errors]) {
    responses[status] = {
      description: ERROR_TEXT[status] ?? 'Error',
      ...json(errorBody, 'output'),
    };
  }
  return [
    openApiPath,
    op.endpoint.method.toLowerCase(),
    {
      operationId: `${op.endpoint.method.toLowerCase()}${openApiPath.replace(/[^a-zA-Z]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: op.summary,
      tags: [op.tag],
      ...(op.scope
        ? {
            security: [{ apiKey: [] }],
            description: `Needs an API key with the scope "${op.scope}".`,
          }
        : { security: [] }),
      parameters: [...pathParams, ...queryParams],
      ...(op.body ? { requestBody: { required: true, ...json(op.body, 'input') } } : {}),
      responses,
    },
  ] as const;
}

/** The whole document; origin is the server's public origin. */
export function openApiDocument(origin: string) {
  const paths: Record<string, Record<string, object>> = {};
  for (const op of OPERATIONS) {
    const [path, method, item] = pathItem(op);
    paths[path] = { ...paths[path], [method]: item };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Medical Billing Bureau practitioner portal API',
      version: '1',
      description:
        'The public API the practitioner pages use, the machine API for the bureau\'s billing system (an API key from the dashboard, sent as "Authorization: Bearer <key>"), and the webhooks the billing system receives (Standard Webhooks signatures).',
    },
    servers: [{ url: origin }],
    tags: [{ name: 'Machine API' }, { name: 'Public API' }, { name: 'Webhooks' }],
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key made by staff' },
      },
    },
    paths,
    webhooks: openApiWebhooks(),
  };
}
