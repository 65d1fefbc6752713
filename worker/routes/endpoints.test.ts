// The app serves exactly the calls schema/*-endpoints.ts declare (decision 012): an endpoint no
// route serves, or an /api route the list lacks, fails here. The signed storage URLs are the
// one exception: clients reach them through URLs the server hands out, never by name.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import * as machineEndpoints from '../../schema/machine-endpoints.ts';
import * as publicEndpoints from '../../schema/public-endpoints.ts';
import type { StaffRegistrationForm } from '../../schema/registration-form-api.ts';
import * as schemeFormEndpoints from '../../schema/scheme-form-endpoints.ts';
import * as staffEndpoints from '../../schema/staff-endpoints.ts';
import type { TrackingResponse } from '../../schema/tracking-api.ts';
import { STORAGE_PATH } from '../crypto/signed-urls.ts';
import { reply } from '../reply.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const endpoints = {
  ...publicEndpoints,
  ...schemeFormEndpoints,
  ...staffEndpoints,
  ...machineEndpoints,
};
const declared = Object.values(endpoints)
  .filter((endpoint) => typeof endpoint === 'object')
  .map((endpoint) => `${endpoint.method} ${endpoint.path}`)
  .sort();

function served() {
  const routes = t.app.routes
    // Middleware is registered for every method; routes name theirs.
    .filter((route) => route.method !== 'ALL')
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].sort();
}

describe('the routes and the declared endpoints', () => {
  it('declares some endpoints, each once', () => {
    expect(new Set(declared).size).toBe(declared.length);
    expect(declared.length).toBeGreaterThan(20);
    expect(declared).toContain('GET /api/submissions/:token');
  });

  it('serves every declared endpoint', () => {
    expect(declared.filter((endpoint) => !served().includes(endpoint))).toEqual([]);
  });

  it('declares every /api route except the signed storage URLs', () => {
    const undeclared = served().filter(
      (route) => !declared.includes(route) && !route.includes(` ${STORAGE_PATH}`),
    );
    expect(undeclared).toEqual([]);
    expect(served().every((route) => route.split(' ')[1]!.startsWith('/api/'))).toBe(true);
  });

  // Checked by the compiler (npm run typecheck): a handler answering another shape fails there.
  it('types each success answer by its endpoint', () => {
    expectTypeOf(reply<typeof publicEndpoints.tracking>)
      .parameter(2)
      .toEqualTypeOf<TrackingResponse>();
    expectTypeOf(reply<typeof staffEndpoints.registrationFormCreation>)
      .parameter(2)
      .toEqualTypeOf<StaffRegistrationForm>();
    expectTypeOf(reply<typeof publicEndpoints.tracking>)
      .parameter(2)
      .not.toEqualTypeOf<{ ok: true }>();
  });
});
