import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, staffUsers } from '../../schema/db.ts';
import { totpCode } from '../crypto/totp.ts';
import { runAdmin } from '../testing/admin-cli.ts';
import { createTestApp } from '../testing/harness.ts';
import { login } from '../testing/staff-sign-in.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Runs `npm run admin -- ...args` as a user would, with the password piped on stdin. */
const admin = (args: string[], stdin = '') => runAdmin(dataDir, args, stdin);

/** TOTP secrets the accounts enrolled with at their first sign-in. */
const secrets = new Map<string, string>();

/** The one-time set-up link's code a command printed. */
function enrolmentCodeIn(stdout: string): string {
  const link = stdout.match(/https?:\/\/\S+\/dashboard\/login\?enrol=(\S+)/);
  if (!link) throw new Error(`no set-up link in: ${stdout}`);
  return decodeURIComponent(link[1]!);
}

/**
 * A complete sign-in, enrolling in MFA first when the account asks for it (with the set-up
 * link's code when one is given): the status of the last answer and its error code.
 */
async function signInOutcome(
  email: string,
  password: string,
  enrolmentCode?: string,
): Promise<{ status: number; error?: string }> {
  const t = await createTestApp({ dataDir });
  try {
    let secret = secrets.get(email);
    if (!secret) {
      const first = await login(t, email, password, { totp: null, enrolmentCode });
      const body = await first.json();
      if (body.error?.code !== 'totp_enrolment_required') {
        return { status: first.status, error: body.error?.code };
      }
      secret = body.enrolment.secret as string;
      // Without the code, the confirming sign-in opens no session either.
      const withoutCode = await login(t, email, password, {
        totp: totpCode(secret, t.deps.clock.now()),
      });
      if (withoutCode.status !== 401) return { status: withoutCode.status };
      secrets.set(email, secret);
    }
    // These checks run within one 30-second step, whose code is otherwise accepted once.
    await t.deps.db.update(staffUsers).set({ totpLastStep: null });
    const res = await login(t, email, password, {
      totp: totpCode(secret, t.deps.clock.now()),
      enrolmentCode,
    });
    return { status: res.status, error: res.ok ? undefined : (await res.json()).error?.code };
  } finally {
    await t.stop();
  }
}

const canSignIn = async (email: string, password: string, enrolmentCode?: string) =>
  (await signInOutcome(email, password, enrolmentCode)).status;

/** What the security log holds, oldest first. */
async function securityLog() {
  const t = await createTestApp({ dataDir });
  try {
    return await t.deps.db.select().from(securityEvents).orderBy(securityEvents.createdAt);
  } finally {
    await t.stop();
  }
}

/** The subjects of the .eml files mailed to an address. */
async function mailSubjectsTo(address: string): Promise<string[]> {
  const dir = join(dataDir, 'mail');
  const names = await readdir(dir).catch(() => []);
  const subjects: string[] = [];
  for (const name of names) {
    const text = await readFile(join(dir, name), 'utf8');
    if (!text.includes(`To: ${address}`)) continue;
    subjects.push(text.match(/^Subject: (.*)$/m)?.[1] ?? '');
  }
  return subjects;
}

// Each run starts a process and hashes with scrypt: slow on a busy machine.
describe('npm run admin', { timeout: 120_000 }, () => {
  it('creates, lists, resets, disables and enables staff accounts', async () => {
    const created = await admin(
      ['create', '--email', 'Manager@Bureau.co.za'],
      'first password 123\n',
    );
    expect(created).toMatchObject({ code: 0 });
    expect(created.stdout).toContain('Created the staff account manager@bureau.co.za.');
    // The password alone neither enrols the new account nor opens a session.
    expect(await signInOutcome('manager@bureau.co.za', 'first password 123')).toEqual({
      status: 401,
      error: 'enrolment_code_required',
    });
    const firstLink = enrolmentCodeIn(created.stdout);
    expect(await canSignIn('manager@bureau.co.za', 'first password 123', firstLink)).toBe(200);
    expect(await mailSubjectsTo('manager@bureau.co.za')).toEqual([
      expect.stringContaining('two-step sign-in was set up'),
    ]);

    const duplicate = await admin(
      ['create', '--email', 'manager@bureau.co.za'],
      'other password 1\n',
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');

    const short = await admin(['create', '--email', 'new@bureau.co.za'], 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 12 characters');

    const reset = await admin(
      ['reset-password', '--email', 'manager@bureau.co.za'],
      'second password 456\n',
    );
    expect(reset.code).toBe(0);
    expect(await mailSubjectsTo('manager@bureau.co.za')).toContainEqual(
      expect.stringContaining('your password was changed'),
    );
    expect(await canSignIn('manager@bureau.co.za', 'first password 123')).toBe(401);
    expect(await canSignIn('manager@bureau.co.za', 'second password 456')).toBe(200);

    expect((await admin(['disable', '--email', 'manager@bureau.co.za'])).code).toBe(0);
    expect(await canSignIn('manager@bureau.co.za', 'second password 456')).toBe(401);
    const list = await admin(['list']);
    expect(list.stdout).toMatch(/manager@bureau\.co\.za\tdisabled\t/);
    expect((await admin(['enable', '--email', 'manager@bureau.co.za'])).code).toBe(0);
    expect(await canSignIn('manager@bureau.co.za', 'second password 456')).toBe(200);
    expect(list.stdout).toMatch(/manager@bureau\.co\.za\tdisabled\tmfa\t/);

    // A lost phone: MFA is set up again only with the new link (the first one was spent), with
    // a new secret; the owner is told of the reset.
    const lost = await admin(['reset-mfa', '--email', 'manager@bureau.co.za']);
    expect(lost.code).toBe(0);
    expect(await mailSubjectsTo('manager@bureau.co.za')).toContainEqual(
      expect.stringContaining('two-step sign-in was removed'),
    );
    const old = secrets.get('manager@bureau.co.za');
    secrets.delete('manager@bureau.co.za');
    expect(await signInOutcome('manager@bureau.co.za', 'second password 456')).toEqual({
      status: 401,
      error: 'enrolment_code_required',
    });
    expect(await signInOutcome('manager@bureau.co.za', 'second password 456', firstLink)).toEqual({
      status: 401,
      error: 'enrolment_code_required',
    });
    const secondLink = enrolmentCodeIn(lost.stdout);
    expect(await canSignIn('manager@bureau.co.za', 'second password 456', secondLink)).toBe(200);
    expect(secrets.get('manager@bureau.co.za')).not.toBe(old);
    // Enrolled: no new link is issued.
    const refused = await admin(['enrolment-link', '--email', 'manager@bureau.co.za']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('has two-step sign-in set up already');

    // Every command is in the security log as the CLI's, with ids only.
    const log = await securityLog();
    const byCli = log.filter((e) => e.actorType === 'cli').map((e) => e.action);
    expect(byCli).toEqual([
      'staff_account_created',
      'staff_enrolment_code_issued',
      'staff_password_changed',
      'staff_account_disabled',
      'staff_accounts_listed',
      'staff_account_enabled',
      'staff_mfa_reset',
      'staff_enrolment_code_issued',
    ]);
    expect(log.map((e) => e.action)).toContain('staff_mfa_enrolled');
    expect(JSON.stringify(log)).not.toContain('manager@bureau.co.za');

    const everything = [created, duplicate, reset, list].map((r) => r.stdout + r.stderr).join('');
    expect(everything).not.toContain('password 123');
    expect(everything).not.toContain('password 456');
  });

  it('issues no set-up link for a disabled account', async () => {
    const email = 'left.the.bureau@bureau.co.za';
    expect((await admin(['create', '--email', email], 'a long enough password 77\n')).code).toBe(0);
    expect((await admin(['disable', '--email', email])).code).toBe(0);
    const codeHash = async () => {
      const t = await createTestApp({ dataDir });
      try {
        const [row] = await t.deps.db
          .select({ hash: staffUsers.enrolmentCodeHash })
          .from(staffUsers)
          .where(eq(staffUsers.email, email));
        return row?.hash;
      } finally {
        await t.stop();
      }
    };
    const before = await codeHash();
    const refused = await admin(['enrolment-link', '--email', email]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${email} is disabled: enable it first`);
    expect(refused.stdout).not.toContain('enrol=');
    // The code the account had stays the one it had: nothing new was issued.
    expect(await codeHash()).toBe(before);
  });

  it('explains its usage on a mistake', async () => {
    const unknown = await admin(['promote']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "promote"');
    expect(unknown.stderr).toContain('Usage: npm run admin');
    const noEmail = await admin(['disable']);
    expect(noEmail.code).toBe(1);
    expect(noEmail.stderr).toContain('This command needs --email.');
    const missing = await admin(['disable', '--email', 'ghost@bureau.co.za']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('There is no account for ghost@bureau.co.za.');
  });
});
