// One staff session for the journeys that are not about signing in. Every sign-in of the e2e
// account spends a TOTP step (30 s, each code accepted once), so they share a session and sign
// in again only when it has ended (a logout, expiry). Signing in itself is tested on its own
// (dashboard, login-toast and staff-mfa specs).
import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { freshCode } from './staff-totp.ts';

export const SESSION_COOKIE = 'portal_session';
const sessions = new Map<string, string>();

/** The session cookie's value of a signed-in e2e staff member on api's server. */
export async function staffSession(
  api: APIRequestContext,
): Promise<{ origin: string; value: string }> {
  // The server api talks to (the Node or the Workers run), from an answer's own URL.
  const origin = new URL((await api.get('/api/health')).url()).origin;
  const kept = sessions.get(origin);
  if (kept) {
    const me = await fetch(`${origin}/api/auth/me`, {
      headers: { Cookie: `${SESSION_COOKIE}=${kept}` },
    });
    if (me.ok && ((await me.json()) as { authenticated: boolean }).authenticated) {
      return { origin, value: kept };
    }
  }
  // With two spec files running at once, the other worker's sign-in can spend a later step
  // first (the server takes steps in order only): that code is refused, and the next one is not.
  let login = await signInOnce(origin);
  for (let tries = 1; tries < 3 && (await refusedCode(login)); tries++) {
    login = await signInOnce(origin);
  }
  expect(login.status, await login.clone().text()).toBe(200);
  const value = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  if (!value) throw new Error('The login answer set no session cookie');
  sessions.set(origin, value);
  return { origin, value };
}

function signInOnce(origin: string): Promise<Response> {
  return freshCode().then((totp) =>
    fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password, totp }),
    }),
  );
}

async function refusedCode(login: Response): Promise<boolean> {
  if (login.status !== 401) return false;
  const body = (await login.clone().json()) as { error?: { code?: string } };
  return body.error?.code === 'invalid_totp';
}
