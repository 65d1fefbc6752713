// The known-device cookie of the sign-in (decision 069): set after a complete sign-in, read
// by the next one. Only /api/auth sees it; it is useless without the account's password.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { issueKnownDevice, knownDeviceId } from '../../crypto/known-devices.ts';
import type { Deps } from '../../deps.ts';
import { cookieIsSecure } from './sessions.ts';

const DEVICE_COOKIE = 'portal_device';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The device id of this browser for the account, when it has signed in to it before. */
export function knownDevice(deps: Deps, c: Context, email: string): Promise<string | null> {
  return knownDeviceId(deps.signingKey, getCookie(c, DEVICE_COOKIE), email);
}

export async function rememberDevice(deps: Deps, c: Context, email: string): Promise<void> {
  setCookie(c, DEVICE_COOKIE, await issueKnownDevice(deps.signingKey, email), {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/api/auth',
    secure: cookieIsSecure(deps, c),
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
