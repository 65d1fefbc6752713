// Requests of the staff API tests: as the signed-in staff member, with the session cookie.
import { expect } from 'vitest';
import type { StaffSubmissionDetail } from '../../schema/api.ts';
import type { TestApp } from './harness.ts';

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
