// Property tests of the staff list's query and of path segments against the real app and
// libSQL (request bodies: request-fuzz.test.ts): hostile values never get a 5xx, and a refused
// request writes nothing (rate-limit counters excepted).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { hostileString } from '../testing/hostile-values.ts';
import { refusalWritesNothing } from '../testing/row-counts.ts';
import { addStaff } from '../testing/staff-fixtures.ts';
import { signIn } from '../testing/staff-sign-in.ts';

const RUNS = 40;
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ clock: manualClock() });
  await addStaff(t);
  cookie = await signIn(t);
});
afterAll(() => t.dispose());

const holds = (label: string, send: () => Promise<Response>) =>
  refusalWritesNothing(t, label, send);

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
      'GET /api/submissions/:token/scheme-forms',
      (s: string) => `/api/submissions/${s}/scheme-forms`,
      false,
    ],
    [
      'GET /api/admin/submissions/:id/signed-forms',
      (s: string) => `/api/admin/submissions/${s}/signed-forms`,
      true,
    ],
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
      'GET /api/admin/medical-aid-documents/:id/file',
      (s: string) => `/api/admin/medical-aid-documents/${s}/file`,
      true,
    ],
    [
      'GET /api/admin/medical-aid-documents/:id/mapping',
      (s: string) => `/api/admin/medical-aid-documents/${s}/mapping`,
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
