// Staff MFA (decision 070): TOTP after the password, enrolment at the first sign-in with the
// secret shown once, single-use codes, recovery codes and secrets sealed at rest (the ADMIN_EMAIL
// account made at start: auth-mfa-admin-start.test.ts).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '../../schema/db.ts';
import { totpCode } from '../crypto/totp.ts';
import { findStaffByEmail, resetStaffMfa } from '../services/staff-accounts/staff-accounts.ts';
import { issueEnrolmentCode } from '../services/staff-accounts/staff-enrolment.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { addStaff, STAFF_PASSWORD, STAFF_TOTP_SECRET } from '../testing/staff-fixtures.ts';
import { login, sessionCookieOf } from '../testing/staff-sign-in.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_RATE_LIMIT: '3' } });
});
afterAll(() => t.dispose());

/** Each account signs in from its own client, so the tests' wrong attempts do not add up. */
const attempt = (
  email: string,
  password: string,
  options: { totp: string | null; client?: string; enrolmentCode?: string },
) => login(t, email, password, { client: email, ...options });
const code = (secret = STAFF_TOTP_SECRET, offsetMs = 0) =>
  totpCode(secret, new Date(clock.now().getTime() + offsetMs));
const errorCode = async (res: Response) =>
  ((await res.json()) as { error: { code: string } }).error.code;

describe('an enrolled staff account', () => {
  it('asks for the code after the right password, with its own error code and no session', async () => {
    await addStaff(t, 'asked@bureau.co.za');
    const res = await attempt('asked@bureau.co.za', STAFF_PASSWORD, { totp: null });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: {
        code: 'totp_required',
        message: 'Enter the 6-digit code from your authenticator app.',
      },
    });
    expect(sessionCookieOf(res)).toBeNull();
    // A wrong password says nothing about a code.
    const wrong = await attempt('asked@bureau.co.za', 'wrong password', { totp: null });
    expect(await errorCode(wrong)).toBe('invalid_credentials');
  });

  it('signs in with a current code, accepts one step of drift, and never the same code twice', async () => {
    await addStaff(t, 'coded@bureau.co.za');
    clock.advance(60_000);
    const first = await attempt('coded@bureau.co.za', STAFF_PASSWORD, { totp: code() });
    expect(first.status).toBe(200);
    expect(sessionCookieOf(first)).not.toBeNull();
    const replay = await attempt('coded@bureau.co.za', STAFF_PASSWORD, {
      totp: code(),
      client: 'elsewhere',
    });
    expect(replay.status).toBe(401);
    expect(await errorCode(replay)).toBe('invalid_totp');
    // The next step's code (a phone clock 30 s fast) is accepted; two steps away is not.
    expect(
      (await attempt('coded@bureau.co.za', STAFF_PASSWORD, { totp: code(undefined, 30_000) }))
        .status,
    ).toBe(200);
    clock.advance(5 * 60_000);
    const stale = await attempt('coded@bureau.co.za', STAFF_PASSWORD, {
      totp: code(undefined, -60_000),
    });
    expect(await errorCode(stale)).toBe('invalid_totp');
  });

  it('counts wrong codes like wrong passwords', async () => {
    await addStaff(t, 'guessed@bureau.co.za');
    clock.advance(60_000);
    for (let i = 0; i < 3; i++) {
      const res = await attempt('guessed@bureau.co.za', STAFF_PASSWORD, {
        totp: String(100000 + i),
        client: `guess-${i}`,
      });
      expect(await errorCode(res)).toBe('invalid_totp');
    }
    const res = await attempt('guessed@bureau.co.za', STAFF_PASSWORD, {
      totp: code(),
      client: 'guess-9',
    });
    expect(res.status).toBe(429);
  });

  it('keeps its secret sealed: neither the database rows nor the file show it', async () => {
    await addStaff(t, 'sealed@bureau.co.za');
    const row = await findStaffByEmail(t.deps.db, 'sealed@bureau.co.za');
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(JSON.stringify(await t.deps.db.select().from(staffUsers))).not.toContain(
      STAFF_TOTP_SECRET,
    );
    await t.deps.db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
    const file = await readFile(join(t.dataDir, 'portal.db'));
    expect(file.includes(STAFF_TOTP_SECRET)).toBe(false);
  });
});

/** A new account without MFA and the code of the set-up link an administrator issued for it. */
async function newAccountWithLink(email: string): Promise<string> {
  await addStaff(t, email, STAFF_PASSWORD, { enrolled: false });
  const account = await findStaffByEmail(t.deps.db, email);
  const issued = await issueEnrolmentCode(t.deps.db, account!.id, { type: 'cli' }, clock.now());
  return issued!.code;
}

describe('enrolment with a one-time set-up link', () => {
  it('shows a new secret once, confirms it with a code, then hands out single-use recovery codes', async () => {
    const enrolmentCode = await newAccountWithLink('new@bureau.co.za');
    // A wrong password starts nothing.
    expect(
      await errorCode(await attempt('new@bureau.co.za', 'wrong', { totp: null, enrolmentCode })),
    ).toBe('invalid_credentials');
    const start = await attempt('new@bureau.co.za', STAFF_PASSWORD, { totp: null, enrolmentCode });
    expect(start.status).toBe(401);
    expect(sessionCookieOf(start)).toBeNull();
    const body = await start.json();
    expect(body.error.code).toBe('totp_enrolment_required');
    const { secret, uri } = body.enrolment as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*new%40bureau\.co\.za\?.*secret=/);
    expect(uri).toContain('issuer=Medical%20Billing%20Bureau');
    const stored = await findStaffByEmail(t.deps.db, 'new@bureau.co.za');
    expect(stored!.totpPendingSecret).not.toContain(secret);

    const wrong = await attempt('new@bureau.co.za', STAFF_PASSWORD, {
      totp: '000000',
      enrolmentCode,
    });
    expect(await errorCode(wrong)).toBe('invalid_totp');
    // The right code without the link's code confirms nothing.
    const unbound = await attempt('new@bureau.co.za', STAFF_PASSWORD, { totp: code(secret) });
    expect(await errorCode(unbound)).toBe('enrolment_code_required');
    const done = await attempt('new@bureau.co.za', STAFF_PASSWORD, {
      totp: code(secret),
      enrolmentCode,
    });
    expect(done.status).toBe(200);
    const { recoveryCodes } = (await done.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(recoveryCodes[0]).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    // From now on a code is needed and the secret is never shown again.
    const later = await attempt('new@bureau.co.za', STAFF_PASSWORD, { totp: null });
    expect(await later.json()).not.toHaveProperty('enrolment');
    // A recovery code works once, typed in capitals and without dashes too.
    const recovery = recoveryCodes[0]!.replace(/-/g, '').toUpperCase();
    const withRecovery = await attempt('new@bureau.co.za', STAFF_PASSWORD, { totp: recovery });
    expect(withRecovery.status).toBe(200);
    expect((await withRecovery.json()).recoveryCodes).toBeUndefined();
    const again = await attempt('new@bureau.co.za', STAFF_PASSWORD, { totp: recovery });
    expect(await errorCode(again)).toBe('invalid_totp');
  });

  it('replaces a secret shown earlier and never confirmed', async () => {
    const enrolmentCode = await newAccountWithLink('twice@bureau.co.za');
    const start = async () =>
      (
        await (
          await attempt('twice@bureau.co.za', STAFF_PASSWORD, { totp: null, enrolmentCode })
        ).json()
      ).enrolment.secret as string;
    const first = await start();
    const second = await start();
    expect(second).not.toBe(first);
    expect(
      await errorCode(
        await attempt('twice@bureau.co.za', STAFF_PASSWORD, { totp: code(first), enrolmentCode }),
      ),
    ).toBe('invalid_totp');
    expect(
      (await attempt('twice@bureau.co.za', STAFF_PASSWORD, { totp: code(second), enrolmentCode }))
        .status,
    ).toBe(200);
  });

  it('sets nothing up and opens no session with the password alone, a wrong, spent or expired link', async () => {
    /** Refused as the link's absence: 401, no session, and no secret waiting for a code. */
    const refused = async (email: string, res: Response) => {
      expect(res.status).toBe(401);
      expect(sessionCookieOf(res)).toBeNull();
      expect(await errorCode(res)).toBe('enrolment_code_required');
      expect((await findStaffByEmail(t.deps.db, email))!.totpPendingSecret).toBeNull();
    };
    await addStaff(t, 'taken@bureau.co.za', STAFF_PASSWORD, { enrolled: false });
    await refused(
      'taken@bureau.co.za',
      await attempt('taken@bureau.co.za', STAFF_PASSWORD, { totp: null }),
    );
    const forged = { totp: null, enrolmentCode: 'x'.repeat(43) };
    await refused(
      'taken@bureau.co.za',
      await attempt('taken@bureau.co.za', STAFF_PASSWORD, forged),
    );

    // Another account's link does not open this one.
    const othersCode = await newAccountWithLink('other@bureau.co.za');
    await refused(
      'taken@bureau.co.za',
      await attempt('taken@bureau.co.za', STAFF_PASSWORD, {
        totp: null,
        enrolmentCode: othersCode,
      }),
    );

    // Past its 24 hours a link is refused.
    const late = await newAccountWithLink('late@bureau.co.za');
    clock.advance(24 * 60 * 60_000 + 1000);
    await refused(
      'late@bureau.co.za',
      await attempt('late@bureau.co.za', STAFF_PASSWORD, { totp: null, enrolmentCode: late }),
    );

    // A spent link (the owner enrolled with it, then lost the phone) cannot enrol again.
    const spent = await newAccountWithLink('spent@bureau.co.za');
    const secret = (
      await (
        await attempt('spent@bureau.co.za', STAFF_PASSWORD, { totp: null, enrolmentCode: spent })
      ).json()
    ).enrolment.secret as string;
    expect(
      (
        await attempt('spent@bureau.co.za', STAFF_PASSWORD, {
          totp: code(secret),
          enrolmentCode: spent,
        })
      ).status,
    ).toBe(200);
    await resetStaffMfa(t.deps.db, 'spent@bureau.co.za');
    await refused(
      'spent@bureau.co.za',
      await attempt('spent@bureau.co.za', STAFF_PASSWORD, { totp: null, enrolmentCode: spent }),
    );
  });
});
