// Property tests of every request schema against the real app and libSQL: hostile bodies
// (worker/testing/hostile-values.ts; queries and path segments in request-fuzz-paths.test.ts)
// never get a 5xx, and a refused
// request writes nothing (rate-limit counters and the failed sign-in audit excepted). Sized to
// take seconds: a failure prints its seed and the shrunk payload.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as publicEndpoints from '../../schema/public-endpoints.ts';
import * as schemeFormEndpoints from '../../schema/scheme-form-endpoints.ts';
import * as staffEndpoints from '../../schema/staff-endpoints.ts';
import { boundaryTestApp } from '../testing/boundary-app.ts';
import { manualClock, type TestApp } from '../testing/harness.ts';
import { hostileBody } from '../testing/hostile-values.ts';
import { practiceBodyCases } from '../testing/practice-request-bodies.ts';
import { requestBodies } from '../testing/request-bodies.ts';
import { refusalWritesNothing } from '../testing/row-counts.ts';
import type { SeededSubmission } from '../testing/staff-fixtures.ts';
import { signIn } from '../testing/staff-sign-in.ts';

const RUNS = 40;
const clock = manualClock();
let t: TestApp;
let seeded: SeededSubmission;
let cookie: string;
/** An open request to the practitioner of the seeded submission, for the answer's case. */
let requestId: string;
beforeAll(async () => {
  ({ t, seeded } = await boundaryTestApp(clock));
  cookie = await signIn(t);
  const asked = await t.request(`/api/admin/enrolments/${seeded.schemeStatusIds[1]}/request`, {
    method: 'POST',
    json: { request: 'Please sign page 2' },
    headers: { Cookie: cookie },
  });
  requestId = ((await asked.json()) as { requestId: string }).requestId;
  // Its mail goes after the answer: sent before the first case counts what it writes.
  await t.settled();
});
afterAll(() => t.dispose());

const holds = (label: string, send: () => Promise<Response>, allowed?: string[]) =>
  refusalWritesNothing(t, label, send, allowed);

async function postRaw(path: string, body: string, method = 'POST', withCookie = false) {
  return t.request(path, {
    method,
    body,
    headers: { 'Content-Type': 'application/json', ...(withCookie ? { Cookie: cookie } : {}) },
  });
}

const BODIES = {
  ...requestBodies({ t: () => t, seeded: () => seeded, requestId: () => requestId }),
  ...practiceBodyCases(),
};

/** Endpoints that take no body: nothing to fuzz. */
const WITHOUT_BODY = [
  'POST /api/auth/logout',
  'POST /api/submissions/:token/proof-code',
  'POST /api/submissions/:token/profile-attestation',
  'POST /api/admin/catalogue/review',
  'POST /api/admin/staff-accounts/:id/set-up-link',
  'POST /api/admin/webhooks/endpoints/:endpointId/secret',
  'POST /api/admin/webhooks/endpoints/:endpointId/resume',
  'POST /api/admin/webhooks/deliveries/:deliveryId/replay',
  'POST /api/practices/:token/invitations/:invitationId/resend',
];

it('has a case for every endpoint that takes a body, so a new one cannot be forgotten', () => {
  const withBody = Object.values({ ...publicEndpoints, ...schemeFormEndpoints, ...staffEndpoints })
    .filter((e) => e.method !== 'GET' && e.method !== 'DELETE')
    .map((e) => `${e.method} ${e.path}`)
    .filter((route) => !WITHOUT_BODY.includes(route));
  expect(withBody.filter((route) => !BODIES[route])).toEqual([]);
});

describe('hostile request bodies', () => {
  it.each(Object.keys(BODIES))('%s', async (route) => {
    const c = BODIES[route]!;
    const valid = await c.valid();
    await fc.assert(
      fc.asyncProperty(hostileBody(valid), (body) =>
        holds(route, () => postRaw(c.path(), body, c.method, c.staff), c.allowed),
      ),
      { numRuns: c.runs ?? RUNS },
    );
  });
});
