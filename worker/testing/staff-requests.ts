// Requests of the staff API tests: as the signed-in staff member, with the session cookie.
import { afterAll, beforeAll, expect } from 'vitest';
import type { StaffSubmissionDetail } from '../../schema/staff-review-api.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addStaff } from './staff-fixtures.ts';
import { signIn } from './staff-sign-in.ts';

/** A well-formed id that names no row. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export function staffRequest(
  t: TestApp,
  cookie: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
) {
  const headers = new Headers(init.headers);
  headers.set('Cookie', cookie);
  return t.request(path, { ...init, headers });
}

/** The staff view of one submission; the test fails unless it answers 200. */
export async function submissionDetail(
  t: TestApp,
  cookie: string,
  id: string,
): Promise<StaffSubmissionDetail> {
  const res = await staffRequest(t, cookie, `/api/admin/submissions/${id}`);
  expect(res.status).toBe(200);
  return res.json();
}

/**
 * A test file's app with one staff member signed in, set up before its tests and removed
 * after them. `t` and `cookie` are read inside tests (they exist once beforeAll has run).
 */
export function staffSession(options: Parameters<typeof createTestApp>[0] = {}) {
  let app: TestApp | undefined;
  let cookie = '';
  beforeAll(async () => {
    app = await createTestApp(options);
    await addStaff(app);
    cookie = await signIn(app);
  });
  afterAll(() => app?.dispose());
  const session = {
    get t(): TestApp {
      if (!app) throw new Error('The staff session is set up in beforeAll');
      return app;
    },
    get cookie() {
      return cookie;
    },
    request: (path: string, init: RequestInit & { json?: unknown } = {}) =>
      staffRequest(session.t, cookie, path, init),
    detail: (id: string) => submissionDetail(session.t, cookie, id),
    /** A fresh session, after a test moved the clock past the idle limit. */
    async signInAgain() {
      cookie = await signIn(session.t);
    },
  };
  return session;
}
