import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, passwordResets, sessions, staffUsers } from '../../schema/db.ts';
import { hashSecret } from '../crypto/secret-tokens.ts';
import type { Logger } from '../deps.ts';
import { runMaintenance } from '../services/maintenance.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../services/sessions.ts';
import { setStaffDisabled } from '../services/staff-accounts.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import {
  addStaff,
  login,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  sessionCookieOf,
  signIn,
} from '../testing/staff-fixtures.ts';

const logLines: string[] = [];
const capturingLogger: Logger = {
  info: (message, fields) => logLines.push(JSON.stringify({ message, ...fields })),
  error: (message, fields) => logLines.push(JSON.stringify({ message, ...fields })),
};

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_RATE_LIMIT: '3' }, logger: capturingLogger });
  await addStaff(t);
});
afterAll(() => t.dispose());

const INVALID = { error: { code: 'invalid_credentials', message: 'Invalid email or password' } };
const me = (cookie?: string) =>
  t.request('/api/auth/me', { headers: cookie ? { Cookie: cookie } : {} });
const stats = (cookie: string) => t.request('/api/admin/stats', { headers: { Cookie: cookie } });

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
        json: { email: STAFF_EMAIL, password: STAFF_PASSWORD },
        headers: { Origin: 'https://portal.example.co.za' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().find((h) => h.startsWith('portal_session='))).toMatch(
        /; Secure/,
      );
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

describe('forgotten password', () => {
  const mailDir = () => join(t.dataDir, 'mail');
  let requests = 0;
  const forgot = async (email: string, client = `forgetful-${requests++}`) => {
    // Mail files are named by time: a second apart keeps them in order.
    clock.advance(1000);
    const res = await t.request('/api/auth/forgot-password', {
      method: 'POST',
      json: { email },
      headers: { 'X-Test-Client': client },
    });
    // The answer does not wait for the mail; wait until every queued mail has been tried.
    await vi.waitFor(async () => {
      const rows = await t.deps.db.select().from(mailOutbox);
      expect(rows.filter((row) => !row.sentAt && row.attempts === 0)).toEqual([]);
    });
    return res;
  };
  const reset = (token: string, password: string) =>
    t.request('/api/auth/reset-password', { method: 'POST', json: { token, password } });
  async function latestLink(): Promise<string> {
    const files = (await readdir(mailDir())).sort();
    const eml = await readFile(join(mailDir(), files.at(-1)!), 'utf8');
    const match = /http:\/\/localhost:8787\/dashboard\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
      eml,
    );
    if (!match) throw new Error('no reset link in the mail');
    return match[1]!;
  }

  it('answers the same whether or not the account exists, and mails a link only when it does', async () => {
    await addStaff(t, 'forgot@bureau.co.za', 'the old password 1');
    const expected = {
      success: true,
      message: 'If an account exists for that e-mail, a reset link has been sent.',
    };
    const before = await readdir(mailDir()).catch(() => []);
    const unknown = await forgot('nobody-here@bureau.co.za');
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(expected);
    expect(await readdir(mailDir()).catch(() => [])).toEqual(before);

    const known = await forgot('Forgot@Bureau.co.za');
    expect(await known.json()).toEqual(expected);
    const files = await readdir(mailDir());
    expect(files).toHaveLength(before.length + 1);
    const eml = await readFile(join(mailDir(), files.sort().at(-1)!), 'utf8');
    expect(eml).toContain('To: forgot@bureau.co.za');
    expect(eml).toContain('Subject: Medical Billing Bureau: reset your dashboard password');
    const token = await latestLink();
    const [row] = await t.deps.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, await hashSecret(token)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60_000);
    const outbox = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'forgot@bureau.co.za'));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.sentAt).not.toBeNull();
    // The outbox keeps a record of the mail, not the secret link in it.
    expect(outbox[0]!.text).not.toContain(token);
  });

  it('sets the new password once, and ends every session of the account', async () => {
    await addStaff(t, 'reset@bureau.co.za', 'the old password 2');
    const session = await signIn(t, 'reset@bureau.co.za', 'the old password 2');
    await forgot('reset@bureau.co.za');
    const token = await latestLink();

    const res = await reset(token, 'a brand new password');
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(true);
    expect((await stats(session)).status).toBe(401);
    expect((await login(t, 'reset@bureau.co.za', 'the old password 2')).status).toBe(401);
    expect((await login(t, 'reset@bureau.co.za', 'a brand new password')).status).toBe(200);

    const again = await reset(token, 'yet another password');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: {
        code: 'invalid_reset_token',
        message: 'This reset link is invalid or has expired.',
      },
    });
  });

  it('refuses an expired link, a replaced link, a made-up token and a short password', async () => {
    await addStaff(t, 'late@bureau.co.za', 'the old password 3');
    await forgot('late@bureau.co.za');
    const replaced = await latestLink();
    await forgot('late@bureau.co.za');
    const current = await latestLink();
    expect(current).not.toBe(replaced);
    expect((await reset(replaced, 'a brand new password')).status).toBe(400);
    expect((await reset('made-up-token', 'a brand new password')).status).toBe(400);
    const short = await reset(current, 'short');
    expect(short.status).toBe(400);
    expect((await short.json()).error.fields.password).toBe('Use at least 12 characters');
    clock.advance(60 * 60_000 + 1);
    expect((await reset(current, 'a brand new password')).status).toBe(400);
    expect((await login(t, 'late@bureau.co.za', 'the old password 3')).status).toBe(200);
  });

  it('answers before the mail is sent, so a slow mail server does not reveal the account', async () => {
    await addStaff(t, 'slow@bureau.co.za', 'the old password 5');
    const mailer = t.deps.mailer;
    const send = mailer.send;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mailer.send = async (message) => {
      await held;
      return send.call(mailer, message);
    };
    try {
      clock.advance(1000);
      const res = await t.request('/api/auth/forgot-password', {
        method: 'POST',
        json: { email: 'slow@bureau.co.za' },
        headers: { 'X-Test-Client': 'slow-mail' },
      });
      expect(res.status).toBe(200);
      const sentAt = async () =>
        (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'slow@bureau.co.za')))[0]
          ?.sentAt;
      expect(await sentAt()).toBeNull();
      release();
      await vi.waitFor(async () => expect(await sentAt()).not.toBeNull());
    } finally {
      mailer.send = send;
    }
  });

  it('keeps a mail the transport refused in the outbox and delivers it on a later run', async () => {
    await addStaff(t, 'retry@bureau.co.za', 'the old password 4');
    // A plain file where the mail folder should be makes the file transport fail for real.
    await rm(mailDir(), { recursive: true, force: true });
    await writeFile(mailDir(), 'not a folder');
    const res = await forgot('retry@bureau.co.za');
    expect(res.status).toBe(200);
    const [pending] = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'retry@bureau.co.za'));
    expect(pending!.sentAt).toBeNull();
    expect(pending!.attempts).toBe(1);

    await rm(mailDir());
    await runMaintenance(t.deps);
    const [sent] = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'retry@bureau.co.za'));
    expect(sent!.sentAt).not.toBeNull();
    expect(sent!.attempts).toBe(2);
    const token = await latestLink();
    expect((await reset(token, 'a brand new password')).status).toBe(200);
  });

  it('limits reset requests per client', async () => {
    for (let i = 0; i < 3; i++)
      expect((await forgot('x@bureau.co.za', 'spammer')).status).toBe(200);
    const res = await forgot('x@bureau.co.za', 'spammer');
    expect(res.status).toBe(429);
  });

  it('sends a disabled account no link', async () => {
    await addStaff(t, 'off@bureau.co.za');
    await setStaffDisabled(t.deps.db, 'off@bureau.co.za', true);
    expect((await forgot('off@bureau.co.za', 'someone')).status).toBe(200);
    const [account] = await t.deps.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, 'off@bureau.co.za'));
    expect(
      await t.deps.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.staffUserId, account!.id)),
    ).toEqual([]);
  });
});

describe('logs', () => {
  it('never contain a password, a session id or a reset token', async () => {
    // Runs last: every test above has signed in, failed, reset and logged out through the app.
    expect(logLines.length).toBeGreaterThan(20);
    const all = logLines.join('\n');
    for (const secret of [
      STAFF_PASSWORD,
      'not the password at all',
      'wrong password',
      'the old password',
      'a brand new password',
      'portal_session',
      'token=',
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
