// Staff sign-in: the session cookie, the same answer for every wrong credential, and the
// login rate limit (LOGIN_RATE_LIMIT=3 here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../schema/db.ts';
import { hashSecret } from '../crypto/secret-tokens.ts';
import { totpCode } from '../crypto/totp.ts';
import { setStaffDisabled } from '../services/staff-accounts/staff-accounts.ts';
import { capturingLogger, expectNoAuthSecrets } from '../testing/captured-logs.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import {
  addStaff,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  STAFF_TOTP_SECRET,
} from '../testing/staff-fixtures.ts';
import { staffRequest } from '../testing/staff-requests.ts';
import { login, sessionCookieOf, signIn } from '../testing/staff-sign-in.ts';

const logs = capturingLogger();
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_RATE_LIMIT: '3' }, logger: logs.logger });
  await addStaff(t);
});
afterAll(() => t.dispose());

const INVALID = { error: { code: 'invalid_credentials', message: 'Invalid email or password' } };
const me = (cookie?: string) =>
  t.request('/api/auth/me', { headers: cookie ? { Cookie: cookie } : {} });
const stats = (cookie: string) => staffRequest(t, cookie, '/api/admin/stats');

describe('staff sign-in', () => {
  it('signs in with a fresh HttpOnly, SameSite=Lax session cookie and stores only its hash', async () => {
    const res = await login(t, 'Staff@Bureau.co.za ', STAFF_PASSWORD);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ success: true, user: { id: expect.any(String), email: STAFF_EMAIL } });
    const header = res.headers.getSetCookie().find((h) => h.startsWith('portal_session='))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/);
    const cookie = sessionCookieOf(res)!;
    const id = cookie.slice('portal_session='.length);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.deps.db.select().from(sessions);
    expect(rows.map((r) => r.idHash)).toContain(await hashSecret(id));
    expect(JSON.stringify(rows)).not.toContain(id);

    expect(await (await me(cookie)).json()).toEqual({ authenticated: true, user: body.user });
    expect((await stats(cookie)).status).toBe(200);
  });

  it('answers signed-out visitors of /me with authenticated false', async () => {
    const res = await me();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: false, user: null });
    expect(await (await me('portal_session=made-up')).json()).toEqual({
      authenticated: false,
      user: null,
    });
  });

  it('gives the same answer for an unknown e-mail, a wrong password and a disabled account', async () => {
    await addStaff(t, 'gone@bureau.co.za');
    await setStaffDisabled(t.deps.db, 'gone@bureau.co.za', true);
    const timed = async (email: string, password: string) => {
      const started = performance.now();
      const res = await login(t, email, password, { client: `timing-${email}` });
      return { res, ms: performance.now() - started };
    };
    const unknown = await timed('nobody@bureau.co.za', STAFF_PASSWORD);
    const wrong = await timed(STAFF_EMAIL, 'not the password at all');
    const disabled = await timed('gone@bureau.co.za', STAFF_PASSWORD);
    for (const { res } of [unknown, wrong, disabled]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(INVALID);
      expect(sessionCookieOf(res)).toBeNull();
    }
    // All three run one scrypt verification; a skipped one would be ~100x faster.
    expect(unknown.ms).toBeGreaterThan(wrong.ms / 4);
    expect(disabled.ms).toBeGreaterThan(wrong.ms / 4);
  });

  it('validates the payload with the login screen messages', async () => {
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      json: { email: 'not-an-email', password: '' },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.fields).toEqual({
      email: 'Invalid email address',
      password: 'Password is required',
    });
    expect(JSON.stringify(body)).not.toContain('not-an-email');
  });

  it('rotates the session at sign-in: the cookie sent along stops working', async () => {
    const first = await signIn(t);
    const res = await login(t, STAFF_EMAIL, STAFF_PASSWORD, { cookie: first });
    const second = sessionCookieOf(res)!;
    expect(second).not.toBe(first);
    expect((await stats(first)).status).toBe(401);
    expect((await stats(second)).status).toBe(200);
  });

  it('marks the cookie Secure when the portal is served over https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://portal.example.co.za' } });
    try {
      await addStaff(secure);
      const res = await secure.request('https://portal.example.co.za/api/auth/login', {
        method: 'POST',
        json: {
          email: STAFF_EMAIL,
          password: STAFF_PASSWORD,
          totp: totpCode(STAFF_TOTP_SECRET, secure.deps.clock.now()),
        },
        headers: { Origin: 'https://portal.example.co.za' },
      });
      expect(res.status).toBe(200);
      for (const name of ['portal_session=', 'portal_device=']) {
        expect(res.headers.getSetCookie().find((h) => h.startsWith(name))).toMatch(/; Secure/);
      }
    } finally {
      await secure.dispose();
    }
  });
});

describe('login rate limit (LOGIN_RATE_LIMIT=3 here)', () => {
  const limited = {
    error: {
      code: 'too_many_attempts',
      message: 'Too many login attempts. Please try again in 15 minutes.',
    },
  };

  it('refuses a client after too many failures, even with the right password', async () => {
    await addStaff(t, 'a1@bureau.co.za');
    for (const email of ['x1@bureau.co.za', 'x2@bureau.co.za', 'x3@bureau.co.za']) {
      expect((await login(t, email, 'wrong password', { client: 'attacker' })).status).toBe(401);
    }
    const res = await login(t, 'a1@bureau.co.za', STAFF_PASSWORD, { client: 'attacker' });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual(limited);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await login(t, 'a1@bureau.co.za', STAFF_PASSWORD, { client: 'office' })).status).toBe(
      200,
    );
  });

  it('refuses an account after too many failures from any mix of clients, then recovers', async () => {
    await addStaff(t, 'a2@bureau.co.za');
    for (const client of ['c1', 'c2', 'c3']) {
      expect((await login(t, 'a2@bureau.co.za', 'wrong password', { client })).status).toBe(401);
    }
    const res = await login(t, 'a2@bureau.co.za', STAFF_PASSWORD, { client: 'c4' });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual(limited);
    clock.advance(15 * 60_000);
    expect((await login(t, 'a2@bureau.co.za', STAFF_PASSWORD, { client: 'c4' })).status).toBe(200);
  });

  it('checks no more than the limit of simultaneous guesses', async () => {
    await addStaff(t, 'a4@bureau.co.za');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        login(t, 'a4@bureau.co.za', 'wrong password', { client: 'burst' }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it('does not let a client that is shut out lock the account', async () => {
    await addStaff(t, 'a5@bureau.co.za');
    for (const email of ['y1@bureau.co.za', 'y2@bureau.co.za', 'y3@bureau.co.za']) {
      expect((await login(t, email, 'wrong password', { client: 'shut-out' })).status).toBe(401);
    }
    for (let i = 0; i < 5; i++) {
      expect(
        (await login(t, 'a5@bureau.co.za', 'wrong password', { client: 'shut-out' })).status,
      ).toBe(429);
    }
    expect((await login(t, 'a5@bureau.co.za', STAFF_PASSWORD, { client: 'office' })).status).toBe(
      200,
    );
  });

  it('does not count successful sign-ins', async () => {
    await addStaff(t, 'a3@bureau.co.za');
    for (let i = 0; i < 5; i++) {
      expect((await login(t, 'a3@bureau.co.za', STAFF_PASSWORD, { client: 'busy' })).status).toBe(
        200,
      );
    }
  });
});

describe('logs', () => {
  it('never contain a password, a session id or a reset token', async () => {
    // Runs last: every test above has signed in and failed to sign in through the app.
    expectNoAuthSecrets(logs.lines);
  });
});
