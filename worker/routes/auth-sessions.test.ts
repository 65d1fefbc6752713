// A staff session ends when idle, after twelve hours, when the account is disabled, and at
// logout.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../schema/db.ts';
import { hashSecret } from '../crypto/secret-tokens.ts';
import { runMaintenance } from '../services/maintenance/maintenance.ts';
import { setStaffDisabled } from '../services/staff-accounts/staff-accounts.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../services/staff-sessions/sessions.ts';
import { capturingLogger, expectNoAuthSecrets } from '../testing/captured-logs.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { addStaff } from '../testing/staff-fixtures.ts';
import { staffRequest } from '../testing/staff-requests.ts';
import { signIn } from '../testing/staff-sign-in.ts';

const logs = capturingLogger();
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_RATE_LIMIT: '3' }, logger: logs.logger });
  await addStaff(t);
});
afterAll(() => t.dispose());

const me = (cookie?: string) =>
  t.request('/api/auth/me', { headers: cookie ? { Cookie: cookie } : {} });
const stats = (cookie: string) => staffRequest(t, cookie, '/api/admin/stats');

describe('session lifetime', () => {
  it('ends after two idle hours', async () => {
    const cookie = await signIn(t);
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await stats(cookie)).status).toBe(200);
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await stats(cookie)).status).toBe(200);
    clock.advance(SESSION_IDLE_MS);
    const res = await stats(cookie);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: 'unauthorized', message: 'Please log in to continue.' },
    });
    expect(await (await me(cookie)).json()).toEqual({ authenticated: false, user: null });
  });

  it('ends twelve hours after sign-in however active', async () => {
    const cookie = await signIn(t);
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS - 3_600_000; elapsed += 3_600_000) {
      clock.advance(3_600_000);
      expect((await stats(cookie)).status).toBe(200);
    }
    clock.advance(3_600_000);
    expect((await stats(cookie)).status).toBe(401);
  });

  it('ends when the account is disabled', async () => {
    await addStaff(t, 'leaver@bureau.co.za');
    const cookie = await signIn(t, 'leaver@bureau.co.za');
    await setStaffDisabled(t.deps.db, 'leaver@bureau.co.za', true);
    expect((await stats(cookie)).status).toBe(401);
  });

  it('is pruned by maintenance once expired', async () => {
    await signIn(t);
    clock.advance(SESSION_IDLE_MS + 1);
    await runMaintenance(t.deps);
    expect(await t.deps.db.select().from(sessions)).toEqual([]);
  });
});

describe('logout', () => {
  it('deletes the session and clears the cookie', async () => {
    const cookie = await signIn(t);
    const res = await t.request('/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.getSetCookie().find((h) => h.startsWith('portal_session='))).toMatch(
      /Max-Age=0/,
    );
    expect((await stats(cookie)).status).toBe(401);
    const hash = await hashSecret(cookie.slice('portal_session='.length));
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.idHash, hash))).toEqual([]);
  });

  it('answers 200 without a session', async () => {
    const res = await t.request('/api/auth/logout', { method: 'POST' });
    expect(res.status).toBe(200);
  });

  it('refuses a logout from another site', async () => {
    const cookie = await signIn(t);
    const res = await t.request('/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await stats(cookie)).status).toBe(200);
  });
});

describe('logs', () => {
  it('never contain a password, a session id or a reset token', async () => {
    // Runs last: every test above has signed in, used the session and logged out through the app.
    expectNoAuthSecrets(logs.lines);
  });
});
