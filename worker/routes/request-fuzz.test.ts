// Property tests of every request schema against the real app and libSQL: hostile bodies,
// queries and path segments (worker/testing/hostile-values.ts) never get a 5xx, and a refused
// request writes nothing (rate-limit counters and the failed sign-in audit excepted). Sized to
// take seconds: a failure prints its seed and the shrunk payload.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as publicEndpoints from '../../schema/public-endpoints.ts';
import * as staffEndpoints from '../../schema/staff-endpoints.ts';
import { buildApplication } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { hostileBody, hostileString } from '../testing/hostile-values.ts';
import { aProfile } from '../testing/profile-fixtures.ts';
import { changedTables, tableStates } from '../testing/row-counts.ts';
import { addStaff, type SeededSubmission, seedSubmission } from '../testing/staff-fixtures.ts';
import { signIn } from '../testing/staff-sign-in.ts';

const RUNS = 40;
const clock = manualClock();
let t: TestApp;
let seeded: SeededSubmission;
let cookie: string;
beforeAll(async () => {
  const many = '1000000';
  t = await createTestApp({
    clock,
    env: {
      LOGIN_RATE_LIMIT: many,
      LOOKUP_RATE_LIMIT: many,
      UPLOAD_RATE_LIMIT: many,
      // Practitioner notices go out at once, so settled() does not wait out the delay.
      NOTIFY_DELAY_SECONDS: '0',
    },
  });
  await addStaff(t);
  seeded = await seedSubmission(t);
  // The catalogue is seeded on its first read (decision 072): not a write of the fuzzed request.
  await t.request('/api/catalogue');
  cookie = await signIn(t);
});
afterAll(() => t.dispose());

/** Sends one request and checks the property; `allowed`: tables a refusal may still write. */
async function holds(
  label: string,
  send: () => Promise<Response>,
  allowed: string[] = ['rate_limits'],
) {
  const before = await tableStates(t.deps.db);
  const res = await send();
  const text = await res.text();
  await t.settled();
  if (res.status >= 500) throw new Error(`${label}: ${res.status} ${text.slice(0, 300)}`);
  if (res.status >= 400) {
    const written = changedTables(before, await tableStates(t.deps.db)).filter(
      (table) => !allowed.includes(table),
    );
    if (written.length) throw new Error(`${label}: ${res.status} but wrote ${written.join(', ')}`);
  }
}

async function postRaw(path: string, body: string, method = 'POST', withCookie = false) {
  return t.request(path, {
    method,
    body,
    headers: { 'Content-Type': 'application/json', ...(withCookie ? { Cookie: cookie } : {}) },
  });
}

type BodyCase = {
  method: string;
  path: () => string;
  valid: () => unknown | Promise<unknown>;
  staff?: boolean;
  allowed?: string[];
  /** Fewer runs where a well-formed request costs a password hash. */
  runs?: number;
};

const BODIES: Record<string, BodyCase> = {
  'POST /api/objects/upload': {
    method: 'POST',
    path: () => '/api/objects/upload',
    valid: () => ({ filename: 'certified_id_1737280000000' }),
    // A well-formed request gets its ticket (2xx); the refusals write nothing.
  },
  'POST /api/objects/keep': {
    method: 'POST',
    path: () => '/api/objects/keep',
    valid: () => ({ uploads: ['http://localhost:8787/api/storage/docs/unknown'] }),
  },
  'POST /api/objects/multipart': {
    method: 'POST',
    path: () => '/api/objects/multipart',
    valid: () => ({
      filename: 'certified_id_1737280000000',
      size: 12_000_000,
      contentType: 'application/pdf',
    }),
  },
  'POST /api/objects/multipart/:uploadId/part-urls': {
    method: 'POST',
    path: () => `/api/objects/multipart/${crypto.randomUUID()}/part-urls`,
    valid: () => ({ partNumbers: [1, 2] }),
  },
  'POST /api/objects/multipart/:uploadId/complete': {
    method: 'POST',
    path: () => `/api/objects/multipart/${crypto.randomUUID()}/complete`,
    valid: () => ({ parts: [{ partNumber: 1, etag: '"abc"' }] }),
  },
  'POST /api/submissions': {
    method: 'POST',
    path: () => '/api/submissions',
    valid: () => buildApplication(t),
  },
  'POST /api/lookup': {
    method: 'POST',
    path: () => '/api/lookup',
    valid: () => ({ identifier: '1234567', identifierType: 'practice_number' }),
  },
  'POST /api/submissions/:token/documents/:documentId/replacement': {
    method: 'POST',
    path: () =>
      `/api/submissions/${seeded.trackingToken}/documents/${seeded.documentIds[0]}/replacement`,
    valid: () => ({ url: 'docs/upload', name: 'id.pdf', size: 10, type: 'application/pdf' }),
  },
  'POST /api/submissions/:token/profile': {
    method: 'POST',
    path: () => `/api/submissions/${seeded.trackingToken}/profile`,
    valid: () => aProfile(),
  },
  'POST /api/tracking-links': {
    method: 'POST',
    path: () => '/api/tracking-links',
    valid: () => ({ email: 'someone@example.co.za' }),
  },
  'POST /api/auth/login': {
    method: 'POST',
    path: () => '/api/auth/login',
    valid: () => ({ email: 'staff@bureau.co.za', password: 'not the password', totp: '123456' }),
    allowed: ['rate_limits', 'security_events'],
    runs: 12,
  },
  'POST /api/auth/forgot-password': {
    method: 'POST',
    path: () => '/api/auth/forgot-password',
    valid: () => ({ email: 'nobody@bureau.co.za' }),
  },
  'POST /api/auth/reset-password': {
    method: 'POST',
    path: () => '/api/auth/reset-password',
    valid: () => ({ token: 'not-a-token', password: 'a long new password 1' }),
  },
  'PATCH /api/admin/submissions/:id': {
    method: 'PATCH',
    path: () => `/api/admin/submissions/${seeded.submissionId}`,
    valid: () => ({ status: 'under_review', note: 'Checking' }),
    staff: true,
  },
  'PATCH /api/admin/submissions/:id/schemes/:statusId': {
    method: 'PATCH',
    path: () =>
      `/api/admin/submissions/${seeded.submissionId}/schemes/${seeded.schemeStatusIds[0]}`,
    valid: () => ({ status: 'approved', notes: 'ok', requiresHardCopy: false }),
    staff: true,
  },
  'PATCH /api/admin/documents/:id': {
    method: 'PATCH',
    path: () => `/api/admin/documents/${seeded.documentIds[1]}`,
    valid: () => ({ status: 'rejected', reason: 'Blurred' }),
    staff: true,
  },
  'POST /api/admin/medical-aid-documents': {
    method: 'POST',
    path: () => '/api/admin/medical-aid-documents',
    valid: () => ({
      schemeKey: 'bestmed',
      schemeName: 'Bestmed',
      fileName: 'form.pdf',
      fileSize: 100,
      fileType: 'application/pdf',
      storagePath: 'forms/none',
      description: null,
      year: 2026,
    }),
    staff: true,
  },
  'POST /api/admin/medical-aid-documents/:id/mapping': {
    method: 'POST',
    path: () => `/api/admin/medical-aid-documents/${crypto.randomUUID()}/mapping`,
    valid: () => ({ mappings: [{ formField: 'Surname', profileField: 'lastName' }] }),
    staff: true,
  },
  'POST /api/upload/presigned-url': {
    method: 'POST',
    path: () => '/api/upload/presigned-url',
    valid: () => ({ fileType: 'application/pdf' }),
    staff: true,
  },
  'POST /api/admin/catalogue/schemes': {
    method: 'POST',
    path: () => '/api/admin/catalogue/schemes',
    valid: () => ({
      label: 'Fuzz Health',
      administratorKey: 'discovery',
      requiresHardCopy: false,
      hardCopyNote: 'Unverified',
    }),
    staff: true,
  },
  'PATCH /api/admin/catalogue/schemes/:key': {
    method: 'PATCH',
    path: () => '/api/admin/catalogue/schemes/bestmed',
    valid: () => ({
      notes: 'Checked with the scheme',
      requiresHardCopy: true,
      hardCopyNote: 'Unverified',
    }),
    staff: true,
  },
};

/** Endpoints that take no body: nothing to fuzz. */
const WITHOUT_BODY = ['POST /api/auth/logout', 'POST /api/admin/catalogue/review'];

it('has a case for every endpoint that takes a body, so a new one cannot be forgotten', () => {
  const withBody = Object.values({ ...publicEndpoints, ...staffEndpoints })
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

/** A string that can be put in a URL (a lone surrogate cannot be percent-encoded). */
const encodable = (s: string) => {
  try {
    encodeURIComponent(s);
    return s.length < 5000;
  } catch {
    return false;
  }
};

describe('hostile queries and path segments', () => {
  it('GET /api/admin/submissions with any query', async () => {
    const query = fc.dictionary(
      fc.constantFrom('limit', 'cursor', 'q', 'status', 'review', '__proto__', 'x'),
      hostileString.filter(encodable),
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(query, (params) => {
        const search = new URLSearchParams(params as Record<string, string>).toString();
        return holds('list', async () =>
          t.request(`/api/admin/submissions?${search}`, { headers: { Cookie: cookie } }),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it.each([
    ['GET /api/submissions/:token', (s: string) => `/api/submissions/${s}`, false],
    ['GET /api/admin/submissions/:id', (s: string) => `/api/admin/submissions/${s}`, true],
    [
      'GET /api/admin/practitioners/:id/export',
      (s: string) => `/api/admin/practitioners/${s}/export`,
      true,
    ],
    [
      'GET /api/admin/documents/:id/download',
      (s: string) => `/api/admin/documents/${s}/download`,
      true,
    ],
    [
      'GET /api/medical-aid-documents/:id/download',
      (s: string) => `/api/medical-aid-documents/${s}/download`,
      false,
    ],
  ] as const)('%s with any segment', async (route, path, staff) => {
    await fc.assert(
      fc.asyncProperty(
        hostileString.filter((s) => s.length > 0 && encodable(s)),
        (segment) =>
          holds(route, async () =>
            t.request(path(encodeURIComponent(segment)), {
              headers: staff ? { Cookie: cookie } : {},
            }),
          ),
      ),
      { numRuns: RUNS },
    );
  });
});
