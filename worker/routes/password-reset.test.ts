// A forgotten staff password: the same answer for every address, a one-time link by mail that
// expires, and an outbox that delivers it even when the mail server is slow or fails.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, passwordResets, staffUsers } from '../../schema/db.ts';
import { hashSecret } from '../crypto/secret-tokens.ts';
import { WEAK_PASSWORD_MESSAGE } from '../crypto/weak-passwords.ts';
import { runMaintenance } from '../services/maintenance/maintenance.ts';
import { setStaffDisabled } from '../services/staff-accounts/staff-accounts.ts';
import { capturingLogger, expectNoAuthSecrets } from '../testing/captured-logs.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { addStaff } from '../testing/staff-fixtures.ts';
import { staffRequest } from '../testing/staff-requests.ts';
import { login, signIn } from '../testing/staff-sign-in.ts';

const logs = capturingLogger();
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_RATE_LIMIT: '3' }, logger: logs.logger });
  await addStaff(t);
});
afterAll(() => t.dispose());

const stats = (cookie: string) => staffRequest(t, cookie, '/api/admin/stats');

describe('forgotten password', () => {
  const mailDir = () => join(t.dataDir, 'mail');
  let requests = 0;
  const forgot = async (email: string, client = `forgetful-${requests++}`) => {
    // Mail files are named by time: a second apart keeps them in order.
    clock.advance(1000);
    const res = await t.request('/api/auth/forgot-password', {
      method: 'POST',
      json: { email },
      client,
    });
    // The answer does not wait for the mail; wait until every queued mail has been tried.
    await t.settled();
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

  it('refuses a password that is too easy to guess, and the link still works after', async () => {
    await addStaff(t, 'guessable@bureau.co.za', 'the old password 5');
    await forgot('guessable@bureau.co.za');
    const token = await latestLink();
    for (const weak of ['Password1234!', 'guessable2026!!']) {
      const res = await reset(token, weak);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: 'weak_password',
          message: WEAK_PASSWORD_MESSAGE,
          fields: { password: WEAK_PASSWORD_MESSAGE },
        },
      });
    }
    expect((await login(t, 'guessable@bureau.co.za', 'the old password 5')).status).toBe(200);
    expect((await reset(token, 'maroon kettle under the jacaranda')).status).toBe(200);
  });

  it('answers before the mail is sent, so a slow mail server does not reveal the account', async () => {
    await addStaff(t, 'slow@bureau.co.za', 'the old password 5');
    const mailer = t.deps.mailer!;
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
        client: 'slow-mail',
      });
      expect(res.status).toBe(200);
      const sentAt = async () =>
        (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'slow@bureau.co.za')))[0]
          ?.sentAt;
      // Queued after the answer (finding 9), and not sent while the transport is held.
      await vi.waitFor(async () => expect(await sentAt()).toBeNull());
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
    // Runs last: every test above has signed in, asked for and used reset links through the app.
    expectNoAuthSecrets(logs.lines);
  });
});
