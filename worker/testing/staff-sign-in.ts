// Signing staff in through the real login API in tests, with a TOTP code of the fixture secret.
import { eq } from 'drizzle-orm';
import { staffUsers } from '../../schema/db.ts';
import { totpCode } from '../crypto/totp.ts';
import type { TestApp } from './harness.ts';
import { STAFF_EMAIL, STAFF_PASSWORD, STAFF_TOTP_SECRET } from './staff-fixtures.ts';

// The current code, made usable again (tests sign in many times in one 30-second step; the
// single use of a code is tested in auth-mfa.test.ts with explicit codes).
async function freshCode(t: TestApp, email: string): Promise<string> {
  await t.deps.db
    .update(staffUsers)
    .set({ totpLastStep: null })
    .where(eq(staffUsers.email, email.trim().toLowerCase()));
  return totpCode(STAFF_TOTP_SECRET, t.deps.clock.now());
}

/** The `name=value` part of a cookie a response sets, or null. */
export function cookieOf(res: Response, name: string): string | null {
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    if (pair?.startsWith(`${name}=`) && pair !== `${name}=`) return pair;
  }
  return null;
}

/** The `name=value` part of the session cookie a response sets, or null. */
export const sessionCookieOf = (res: Response) => cookieOf(res, 'portal_session');

export async function login(
  t: TestApp,
  email = STAFF_EMAIL,
  password = STAFF_PASSWORD,
  /** totp: the code to send; absent: a fresh STAFF_TOTP_SECRET code; null: none. */
  options: { client?: string; cookie?: string; totp?: string | null; enrolmentCode?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.Cookie = options.cookie;
  const totp = options.totp === undefined ? await freshCode(t, email) : options.totp;
  return t.request('/api/auth/login', {
    method: 'POST',
    json: {
      email,
      password,
      ...(totp === null ? {} : { totp }),
      ...(options.enrolmentCode ? { enrolmentCode: options.enrolmentCode } : {}),
    },
    headers,
    client: options.client ?? 'staff-desk',
  });
}

/** Signs in and returns the Cookie header value for later requests. */
export async function signIn(t: TestApp, email = STAFF_EMAIL, password = STAFF_PASSWORD) {
  const res = await login(t, email, password);
  const cookie = sessionCookieOf(res);
  if (res.status !== 200 || !cookie) throw new Error(`Sign-in failed with ${res.status}`);
  return cookie;
}
