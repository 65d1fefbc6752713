// The authorization matrix, generated from the app's own endpoint lists (schema/*-endpoints.ts):
// every endpoint × (anonymous, staff, expired session, foreign Origin, another submission's
// token) → the expected answer. An endpoint without an expectation below fails the first test,
// so a new route cannot be added without deciding who may call it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as publicEndpoints from '../../schema/public-endpoints.ts';
import * as schemeFormEndpoints from '../../schema/scheme-form-endpoints.ts';
import * as staffEndpoints from '../../schema/staff-endpoints.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { PRACTICE_EXPECTATIONS } from '../testing/practice-request-bodies.ts';
import { aProfile } from '../testing/profile-fixtures.ts';
import { changedTables, tableStates } from '../testing/row-counts.ts';
import { signaturePngDataUrl } from '../testing/signature-fixture.ts';
import { addStaff, type SeededSubmission, seedSubmission } from '../testing/staff-fixtures.ts';
import { UNKNOWN_ID } from '../testing/staff-requests.ts';
import { signIn } from '../testing/staff-sign-in.ts';

type Expectation = {
  /** staff: a valid staff session is needed (401 without one). */
  access: 'public' | 'staff';
  /** The answer to the probe request (below) from whoever may call the endpoint. */
  answer: number;
  /** For :token endpoints: the answer when the token is another submission's. */
  otherToken?: number;
  /** A well-formed body for that probe, so the ownership check is what answers. */
  otherTokenBody?: unknown;
};

const EXPECTED: Record<string, Expectation> = {
  'GET /api/health': { access: 'public', answer: 200 },
  'GET /api/config': { access: 'public', answer: 200 },
  'GET /api/schemes': { access: 'public', answer: 200 },
  'GET /api/catalogue': { access: 'public', answer: 200 },
  'GET /api/medical-aid-documents': { access: 'public', answer: 200 },
  'GET /api/medical-aid-documents/:id/download': { access: 'public', answer: 404 },
  'POST /api/objects/upload': { access: 'public', answer: 400 },
  'POST /api/objects/keep': { access: 'public', answer: 400 },
  'POST /api/objects/multipart': { access: 'public', answer: 400 },
  'POST /api/objects/multipart/:uploadId/part-urls': { access: 'public', answer: 400 },
  'GET /api/objects/multipart/:uploadId/parts': { access: 'public', answer: 404 },
  'POST /api/objects/multipart/:uploadId/complete': { access: 'public', answer: 400 },
  // Aborting is idempotent: an unknown or finished upload is already gone.
  'DELETE /api/objects/multipart/:uploadId': { access: 'public', answer: 200 },
  'POST /api/submissions': { access: 'public', answer: 400 },
  'GET /api/submissions/:token': { access: 'public', answer: 200, otherToken: 200 },
  'POST /api/lookup': { access: 'public', answer: 400 },
  'POST /api/submissions/:token/documents/:documentId/replacement': {
    access: 'public',
    answer: 400,
    otherToken: 404,
    otherTokenBody: { url: 'docs/upload', name: 'id.pdf', size: 10, type: 'application/pdf' },
  },
  'POST /api/tracking-links': { access: 'public', answer: 400 },
  'GET /api/auth/me': { access: 'public', answer: 200 },
  'POST /api/auth/logout': { access: 'public', answer: 200 },
  'POST /api/auth/login': { access: 'public', answer: 400 },
  'POST /api/auth/forgot-password': { access: 'public', answer: 400 },
  'POST /api/auth/reset-password': { access: 'public', answer: 400 },
  'GET /api/admin/stats': { access: 'staff', answer: 200 },
  'GET /api/admin/submissions': { access: 'staff', answer: 200 },
  'GET /api/admin/submissions/:id': { access: 'staff', answer: 404 },
  'PATCH /api/admin/submissions/:id': { access: 'staff', answer: 400 },
  'PATCH /api/admin/submissions/:id/schemes/:statusId': { access: 'staff', answer: 400 },
  'DELETE /api/admin/submissions/:id': { access: 'staff', answer: 404 },
  'PATCH /api/admin/documents/:id': { access: 'staff', answer: 400 },
  'GET /api/admin/documents/:id/download': { access: 'staff', answer: 404 },
  'GET /api/admin/practitioners/:id/export': { access: 'staff', answer: 404 },
  'GET /api/admin/medical-aid-documents': { access: 'staff', answer: 200 },
  'GET /api/admin/catalogue': { access: 'staff', answer: 200 },
  'POST /api/admin/catalogue/schemes': { access: 'staff', answer: 400 },
  'PATCH /api/admin/catalogue/schemes/:key': { access: 'staff', answer: 404 },
  'POST /api/admin/catalogue/review': { access: 'staff', answer: 200 },
  'GET /api/admin/document-validity': { access: 'staff', answer: 200 },
  'GET /api/admin/document-validity/expiring': { access: 'staff', answer: 200 },
  'POST /api/admin/document-validity/reminders': { access: 'staff', answer: 400 },
  'PATCH /api/admin/document-validity/rules/:sectionKey': { access: 'staff', answer: 400 },
  'PATCH /api/admin/document-validity/settings': { access: 'staff', answer: 400 },
  'PATCH /api/admin/documents/:id/validity-date': { access: 'staff', answer: 400 },
  'POST /api/admin/medical-aid-documents': { access: 'staff', answer: 400 },
  'DELETE /api/admin/medical-aid-documents/:id': { access: 'staff', answer: 404 },
  // Another token's application has no confirmed address, so no code can prove it (decision 108).
  'POST /api/submissions/:token/profile': {
    access: 'public',
    answer: 400,
    otherToken: 409,
    otherTokenBody: aProfile(),
  },
  'POST /api/submissions/:token/proof-code': { access: 'public', answer: 409, otherToken: 409 },
  // No profile sent on either application: nothing to confirm.
  'POST /api/submissions/:token/profile-attestation': {
    access: 'public',
    answer: 409,
    otherToken: 409,
  },
  // Another submission's token with a code that is not its receipt's: 404, nothing joined.
  'POST /api/submissions/:token/address-confirmation': {
    access: 'public',
    answer: 400,
    otherToken: 404,
    otherTokenBody: { code: 'a-code-from-another-receipt' },
  },
  // Another submission's token with a code from some other mail: 404, nothing stopped.
  'POST /api/submissions/:token/signing-stop': {
    access: 'public',
    answer: 400,
    otherToken: 404,
    otherTokenBody: { code: 'a-code-from-another-mail-link' },
  },
  'GET /api/submissions/:token/scheme-forms': { access: 'public', answer: 200, otherToken: 200 },
  'POST /api/submissions/:token/scheme-forms/:formId/preview': {
    access: 'public',
    answer: 400,
    otherToken: 404,
    otherTokenBody: aProfile(),
  },
  // Another token's profile is not the one previewed, or its forms are not these: 409.
  'POST /api/submissions/:token/scheme-forms/sign': {
    access: 'public',
    answer: 400,
    otherToken: 409,
    otherTokenBody: {
      profileVersion: 1,
      formIds: [UNKNOWN_ID],
      signaturePng: signaturePngDataUrl(),
    },
  },
  'GET /api/admin/submissions/:id/signed-forms': { access: 'staff', answer: 404 },
  'POST /api/admin/submissions/:id/account-check': { access: 'staff', answer: 400 },
  'POST /api/admin/submissions/:id/signing-resume': { access: 'staff', answer: 400 },
  'GET /api/admin/signing-stops': { access: 'staff', answer: 200 },
  'GET /api/admin/desk-settings': { access: 'staff', answer: 200 },
  'PATCH /api/admin/desk-settings': { access: 'staff', answer: 400 },
  'GET /api/admin/attestations/lapsed': { access: 'staff', answer: 200 },
  'GET /api/admin/medical-aid-documents/:id/mapping': { access: 'staff', answer: 404 },
  'POST /api/admin/medical-aid-documents/:id/mapping': { access: 'staff', answer: 400 },
  'GET /api/admin/medical-aid-documents/:id/file': { access: 'staff', answer: 404 },
  'POST /api/upload/presigned-url': { access: 'staff', answer: 400 },
  'GET /api/admin/staff-accounts': { access: 'staff', answer: 200 },
  'POST /api/admin/staff-accounts/:id/set-up-link': { access: 'staff', answer: 404 },
  'GET /api/admin/security-log': { access: 'staff', answer: 200 },
  'GET /api/admin/security-log/export': { access: 'staff', answer: 200 },
  'GET /api/admin/enrolments': { access: 'staff', answer: 200 },
  'POST /api/admin/enrolments/bulk': { access: 'staff', answer: 400 },
  'GET /api/admin/enrolments/times': { access: 'staff', answer: 200 },
  'POST /api/admin/enrolments/:statusId/request': { access: 'staff', answer: 400 },
  // Keys for machines (issue 40); the machine API itself takes keys only (api-keys.test.ts).
  'GET /api/admin/api-keys': { access: 'staff', answer: 200 },
  'GET /api/openapi.json': { access: 'public', answer: 200 },
  'POST /api/admin/api-keys': { access: 'staff', answer: 400 },
  'DELETE /api/admin/api-keys/:keyId': { access: 'staff', answer: 404 },
  // Webhooks to the billing system (issue 40, decision 122).
  'GET /api/admin/webhooks/endpoints': { access: 'staff', answer: 200 },
  'POST /api/admin/webhooks/endpoints': { access: 'staff', answer: 400 },
  'DELETE /api/admin/webhooks/endpoints/:endpointId': { access: 'staff', answer: 404 },
  'POST /api/admin/webhooks/endpoints/:endpointId/secret': { access: 'staff', answer: 404 },
  'POST /api/admin/webhooks/endpoints/:endpointId/resume': { access: 'staff', answer: 404 },
  'GET /api/admin/webhooks/deliveries': { access: 'staff', answer: 200 },
  'POST /api/admin/webhooks/deliveries/:deliveryId/replay': { access: 'staff', answer: 404 },
  ...PRACTICE_EXPECTATIONS,
  // The staff's side of a practice (decision 127).
  'GET /api/admin/practices': { access: 'staff', answer: 200 },
  'GET /api/admin/practices/:id': { access: 'staff', answer: 404 },
  'POST /api/admin/practices/:id/deletion': { access: 'staff', answer: 400 },
  'GET /api/admin/submissions/:id/practice': { access: 'staff', answer: 404 },
  'GET /api/admin/practice-documents/:id/download': { access: 'staff', answer: 404 },
  'POST /api/submissions/:token/requests/:requestId/answer': {
    access: 'public',
    answer: 400,
    otherToken: 404,
    otherTokenBody: { note: 'Signed and posted' },
  },
};

const endpoints = Object.values({
  ...publicEndpoints,
  ...schemeFormEndpoints,
  ...staffEndpoints,
}).map((e) => `${e.method} ${e.path}`);

const clock = manualClock();
let t: TestApp;
let mine: SeededSubmission;
let theirs: SeededSubmission;
let expiredCookie: string;
let staffCookie: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await addStaff(t);
  mine = await seedSubmission(t);
  theirs = await seedSubmission(t);
  expiredCookie = await signIn(t);
  clock.advance(2 * 60 * 60_000 + 60_000);
  staffCookie = await signIn(t);
});
afterAll(() => t.dispose());

/** The probe: the endpoint's path with this submission's token and ids, and an empty body. */
function probe(
  route: string,
  options: { cookie?: string; origin?: string; token?: string; body?: unknown } = {},
) {
  const [method, template] = route.split(' ') as [string, string];
  const path = template
    .replace(':token', options.token ?? mine.trackingToken)
    .replace(':documentId', mine.documentIds[0]!)
    .replace(/:\w+/g, UNKNOWN_ID);
  const headers: Record<string, string> = {};
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.origin) headers.Origin = options.origin;
  return t.request(path, {
    method,
    headers,
    ...(method === 'GET' || method === 'DELETE' ? {} : { json: options.body ?? {} }),
  });
}

describe('the authorization matrix', () => {
  it('has an expectation for every endpoint, and none for an endpoint that is gone', () => {
    expect(endpoints.filter((route) => !EXPECTED[route])).toEqual([]);
    expect(Object.keys(EXPECTED).filter((route) => !endpoints.includes(route))).toEqual([]);
  });

  it.each(endpoints)('%s', async (route) => {
    const expected = EXPECTED[route];
    if (!expected) throw new Error(`No expectation for ${route}`);
    const isRead = route.startsWith('GET ');

    // Anonymous and with an expired session: staff endpoints refuse and write nothing.
    for (const cookie of [undefined, expiredCookie]) {
      const before = await tableStates(t.deps.db);
      const res = await probe(route, { cookie });
      if (expected.access === 'staff') {
        expect(res.status, `${route} ${cookie ? 'expired' : 'anonymous'}`).toBe(401);
        expect((await res.json()).error.code).toBe('unauthorized');
        expect(changedTables(before, await tableStates(t.deps.db))).toEqual([]);
      } else {
        expect(res.status, `${route} ${cookie ? 'expired' : 'anonymous'}`).toBe(expected.answer);
      }
    }

    // A foreign Origin, even with a valid session: changes are refused before anything runs;
    // reads answer, but never with a CORS header that would let the other site read them.
    const before = await tableStates(t.deps.db);
    const foreign = await probe(route, { cookie: staffCookie, origin: 'https://evil.example' });
    if (isRead) {
      expect(foreign.status, `${route} foreign origin`).toBe(expected.answer);
      expect(foreign.headers.get('Access-Control-Allow-Origin')).toBeNull();
    } else {
      expect(foreign.status, `${route} foreign origin`).toBe(403);
      expect((await foreign.json()).error.code).toBe('forbidden_origin');
      expect(changedTables(before, await tableStates(t.deps.db))).toEqual([]);
    }

    // Another submission's token reaches only that submission.
    if (route.includes(':token')) {
      const res = await probe(route, {
        token: theirs.trackingToken,
        body: expected.otherTokenBody,
      });
      expect(res.status, `${route} another token`).toBe(expected.otherToken);
      const text = await res.text();
      for (const id of [mine.submissionId, mine.trackingToken, ...mine.documentIds]) {
        expect(text).not.toContain(id);
      }
    }

    // Signed in (last: logout ends the session, so the next endpoint gets a new one).
    const res = await probe(route, { cookie: staffCookie });
    expect(res.status, `${route} staff`).toBe(expected.answer);
    if (route === 'POST /api/auth/logout') staffCookie = await signIn(t);
  });
});
