// The OpenAPI document (issue 40): valid OpenAPI 3.1 by an independent validator, every route of
// the machine API in it with its zod schema, and what it says a route accepts is what the route
// accepts.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { machineEnrolmentChange, machineEnrolmentsQuery } from '../../schema/api-keys-api.ts';
import * as machineEndpoints from '../../schema/machine-endpoints.ts';
import { WEBHOOK_EVENTS, WEBHOOK_PAYLOADS } from '../../schema/webhooks-api.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security: object[];
        parameters: { name: string; in: string }[];
        requestBody?: { content: { 'application/json': { schema: object } } };
        responses: Record<string, unknown>;
      }
    >
  >;
};

async function document(): Promise<Doc> {
  const res = await t.request('/api/openapi.json');
  expect(res.status).toBe(200);
  return res.json();
}

describe('/api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route of the machine API with its zod schema, behind a key', async () => {
    const doc = await document();
    for (const endpoint of Object.values(machineEndpoints)) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      const item = doc.paths[path]?.[endpoint.method.toLowerCase()];
      expect(item, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(item!.security).toEqual([{ apiKey: [] }]);
      expect(item!.responses['401']).toBeDefined();
    }
    const patch = doc.paths['/api/machine/v1/enrolments/{enrolmentId}']!.patch!;
    const { $schema: _, ...body } = z.toJSONSchema(machineEnrolmentChange, { io: 'input' });
    expect(patch.requestBody!.content['application/json'].schema).toEqual(body);
    const list = doc.paths['/api/machine/v1/enrolments']!.get!;
    expect(list.parameters.map((p) => p.name).sort()).toEqual(
      Object.keys(machineEnrolmentsQuery.def.shape).sort(),
    );
  });

  it('describes every webhook event with its payload schema and the signature headers', async () => {
    const doc = (await document()) as Doc & {
      webhooks: Record<string, { post: Doc['paths'][string][string] }>;
    };
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const { $schema: _, ...payload } = z.toJSONSchema(
      WEBHOOK_PAYLOADS['enrolment.status_changed'],
      {
        io: 'output',
      },
    );
    const changed = doc.webhooks['enrolment.status_changed']!.post;
    expect(changed.requestBody!.content['application/json'].schema).toEqual(payload);
    expect(changed.parameters.map((p) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
  });

  it('covers the main public calls', async () => {
    const doc = await document();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/submissions', '/api/submissions/{token}', '/api/lookup']),
    );
  });
});
