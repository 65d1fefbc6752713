// The authorization matrix as a property (issue 25): every endpoint (generated from the endpoint
// lists, so a new one is included at once) × who calls (anonymous, an expired session, staff)
// × where from (our origin, a foreign one) × which ids fill its path (this submission's real
// ids, another submission's, a real upload in parts, an unknown id) × a body that passes the
// validator. So a refusal is shown to come from who may act, not from a malformed request:
// - never a 5xx;
// - a staff endpoint without a valid session: 401 'unauthorized', no table changed;
// - a change from a foreign Origin: 403 'forbidden_origin', no table changed;
// - a public POST with a well-formed body is never refused as malformed (400 invalid_request /
//   validation_error) when its ids are real, and never reaches another submission's rows with
//   an unknown or another token's ids (404, nothing changed).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as publicEndpoints from '../../schema/public-endpoints.ts';
import * as schemeFormEndpoints from '../../schema/scheme-form-endpoints.ts';
import * as staffEndpoints from '../../schema/staff-endpoints.ts';
import { multipartStartResponse } from '../../schema/upload-api.ts';
import { boundaryTestApp } from '../testing/boundary-app.ts';
import { buildApplication } from '../testing/fixtures.ts';
import { manualClock, type TestApp } from '../testing/harness.ts';
import { invitationBody, ownPartBody, practiceBody } from '../testing/practice-request-bodies.ts';
import { aProfile } from '../testing/profile-fixtures.ts';
import { changedTables, tableStates } from '../testing/row-counts.ts';
import { signaturePngDataUrl } from '../testing/signature-fixture.ts';
import { type SeededSubmission, seedSubmission } from '../testing/staff-fixtures.ts';
import { UNKNOWN_ID } from '../testing/staff-requests.ts';
import { signIn } from '../testing/staff-sign-in.ts';

const RUNS = 60;
const clock = manualClock();
let t: TestApp;
let mine: SeededSubmission;
let theirs: SeededSubmission;
let uploadId: string;
let application: unknown;
let expiredCookie: string;
let staffCookie: string;

beforeAll(async () => {
  ({ t, seeded: mine } = await boundaryTestApp(clock));
  theirs = await seedSubmission(t);
  application = await buildApplication(t);
  const started = await t.request('/api/objects/multipart', {
    method: 'POST',
    json: {
      filename: 'certified_id_1737280000000',
      size: 12_000_000,
      contentType: 'application/pdf',
    },
    client: 'owner-of-the-upload',
  });
  expect(started.status).toBe(201);
  uploadId = multipartStartResponse.parse(await started.json()).uploadId;
  expiredCookie = await signIn(t);
  clock.advance(2 * 60 * 60_000 + 60_000);
  staffCookie = await signIn(t);
});
afterAll(() => t.dispose());

const STAFF_PATHS = new Set(Object.values(staffEndpoints).map((e) => `${e.method} ${e.path}`));
/** The sign-in endpoints are in the staff list but open to anyone (they make the session). */
const OPEN = new Set([
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
]);
const routes = Object.values({ ...publicEndpoints, ...schemeFormEndpoints, ...staffEndpoints }).map(
  (e) => `${e.method} ${e.path}`,
);

type Ids = 'mine' | 'theirs' | 'unknown';

/** A body each changing endpoint's validator accepts, so what answers is the access decision. */
function wellFormedBodies(): Record<string, unknown> {
  return {
    'POST /api/submissions': application,
    'POST /api/auth/logout': {},
    'DELETE /api/objects/multipart/:uploadId': undefined,
    'POST /api/objects/upload': { filename: 'certified_id_1737280000000' },
    'POST /api/objects/keep': {
      uploads: [`${t.env.PUBLIC_ORIGIN}/api/storage/uploads/${UNKNOWN_ID}`],
    },
    'POST /api/objects/multipart': {
      filename: 'certified_id_1737280000000',
      size: 12_000_000,
      contentType: 'application/pdf',
    },
    'POST /api/objects/multipart/:uploadId/part-urls': { partNumbers: [1] },
    'POST /api/objects/multipart/:uploadId/complete': { parts: [{ partNumber: 1, etag: '"x"' }] },
    'POST /api/lookup': { identifier: '1234567', identifierType: 'practice_number' },
    'POST /api/submissions/:token/documents/:documentId/replacement': {
      url: 'docs/upload',
      name: 'id.pdf',
      size: 10,
      type: 'application/pdf',
    },
    'POST /api/tracking-links': { email: 'someone@example.co.za' },
    'POST /api/submissions/:token/address-confirmation': { code: 'a-code-from-a-receipt' },
    'POST /api/submissions/:token/profile': {
      practiceName: 'Probe Practice',
      physicalAddress: {
        line1: '1 Main Road',
        city: 'Durban',
        postalCode: '4001',
        province: 'KwaZulu-Natal',
      },
      dateOfBirth: '1980-01-01',
      gender: 'female',
      qualifications: 'MBChB',
      councilRegistration: 'MP0123456',
      bank: {
        bank: 'fnb',
        branchCode: '250655',
        accountNumber: '62123456789',
        accountType: 'cheque',
        accountHolder: 'Dr A Nkosi',
      },
    },
    'POST /api/submissions/:token/scheme-forms/:formId/preview': aProfile(),
    'POST /api/submissions/:token/proof-code': {},
    'POST /api/submissions/:token/profile-attestation': {},
    'POST /api/submissions/:token/signing-stop': { code: 'a-code-from-a-mail-link' },
    'POST /api/submissions/:token/scheme-forms/sign': {
      profileVersion: 1,
      formIds: [UNKNOWN_ID],
      signaturePng: signaturePngDataUrl(),
    },
    'POST /api/auth/login': { email: 'staff@bureau.co.za', password: 'not the password' },
    'POST /api/auth/forgot-password': { email: 'nobody@bureau.co.za' },
    'POST /api/auth/reset-password': { token: 'not-a-token', password: 'a long new password 1' },
    'PATCH /api/admin/submissions/:id': { status: 'under_review' },
    'PATCH /api/admin/submissions/:id/schemes/:statusId': { status: 'approved' },
    'PATCH /api/admin/documents/:id': { status: 'approved' },
    'POST /api/upload/presigned-url': { fileType: 'application/pdf' },
    'POST /api/admin/enrolments/:statusId/request': { request: 'Please sign page 2' },
    'POST /api/submissions/:token/requests/:requestId/answer': { note: 'Signed and posted' },
    'POST /api/practices': practiceBody(),
    'POST /api/practices/:token/invitations': invitationBody(),
    'POST /api/practices/:token/invitations/:invitationId/resend': {},
    'POST /api/practice-invitations/:token/submission': ownPartBody(),
  };
}
const wellFormed = (route: string) => wellFormedBodies()[route] ?? {};

function pathOf(route: string, ids: Ids): string {
  const template = route.split(' ')[1]!;
  const of = ids === 'mine' ? mine : ids === 'theirs' ? theirs : null;
  return template
    .replace(':token', of?.trackingToken ?? 'trk_unknown_token_000000000000')
    .replace(':documentId', of?.documentIds[0] ?? UNKNOWN_ID)
    .replace(':statusId', of?.schemeStatusIds[0] ?? UNKNOWN_ID)
    .replace(':uploadId', ids === 'unknown' ? UNKNOWN_ID : uploadId)
    .replace(':id', of?.submissionId ?? UNKNOWN_ID)
    .replace(/:\w+/g, UNKNOWN_ID);
}

/** Tables a request may write even when refused (counters and the security log). */
const ALWAYS_ALLOWED = ['rate_limits', 'security_events'];

describe('the authorization matrix as a property', () => {
  it('lists the upload-in-parts endpoints and every public POST', () => {
    const publicPosts = routes.filter(
      (r) => r.startsWith('POST ') && (!STAFF_PATHS.has(r) || OPEN.has(r)),
    );
    const bodies = wellFormedBodies();
    expect(publicPosts.filter((r) => !(r in bodies))).toEqual([]);
    expect(routes.filter((r) => r.includes(':uploadId'))).toEqual([
      'POST /api/objects/multipart/:uploadId/part-urls',
      'GET /api/objects/multipart/:uploadId/parts',
      'POST /api/objects/multipart/:uploadId/complete',
      'DELETE /api/objects/multipart/:uploadId',
    ]);
  });

  it('answers by who may act, for any caller, origin and ids', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom('anonymous', 'expired', 'staff'),
        fc.boolean(),
        fc.constantFrom<Ids>('mine', 'theirs', 'unknown'),
        async (route, caller, foreign, ids) => {
          const [method] = route.split(' ') as [string];
          const headers: Record<string, string> = {};
          if (caller !== 'anonymous') {
            headers.Cookie = caller === 'staff' ? staffCookie : expiredCookie;
          }
          if (foreign) headers.Origin = 'https://evil.example';
          const before = await tableStates(t.deps.db);
          const res = await t.request(pathOf(route, ids), {
            method,
            headers,
            client: 'prober',
            ...(method === 'GET' || method === 'DELETE' ? {} : { json: wellFormed(route) }),
          });
          const body = await res.text();
          await t.settled();
          const written = changedTables(before, await tableStates(t.deps.db)).filter(
            (table) =>
              !ALWAYS_ALLOWED.includes(table) &&
              // An expired session's row is removed when it is shown (clean-up, not an action).
              !(caller === 'expired' && table === 'sessions'),
          );
          const label = `${route} ${caller} ${foreign ? 'foreign' : 'same-origin'} ${ids}: ${res.status} ${body.slice(0, 200)}`;
          expect(res.status, label).toBeLessThan(500);
          const staffOnly = STAFF_PATHS.has(route) && !OPEN.has(route);
          if (method !== 'GET' && foreign) {
            expect(res.status, label).toBe(403);
            expect(written, label).toEqual([]);
            return;
          }
          if (staffOnly && caller !== 'staff') {
            expect(res.status, label).toBe(401);
            expect(JSON.parse(body).error.code).toBe('unauthorized');
            expect(written, label).toEqual([]);
            return;
          }
          if (res.status >= 400) expect(written, label).toEqual([]);
          // A well-formed body is judged on who may act: never refused as malformed.
          if (method !== 'GET' && res.status === 400 && route in wellFormedBodies()) {
            expect(JSON.parse(body).error.code, label).not.toMatch(
              /^(invalid_request|validation_error)$/,
            );
          }
          // Unknown ids and another submission's token reach nothing of this submission.
          if (ids !== 'mine') {
            for (const id of [mine.submissionId, mine.trackingToken, ...mine.documentIds]) {
              if (!staffOnly) expect(body, label).not.toContain(id);
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
