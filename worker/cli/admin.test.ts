import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '../../schema/db.ts';
import { totpCode } from '../crypto/totp.ts';
import { createTestApp } from '../testing/harness.ts';
import { login } from '../testing/staff-sign-in.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Runs `npm run admin -- ...args` as a user would, with the password piped on stdin. */
function admin(args: string[], stdin = '') {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [TSX, 'worker/cli/admin.ts', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin);
  });
}

/** TOTP secrets the accounts enrolled with at their first sign-in. */
const secrets = new Map<string, string>();

/** A complete sign-in, enrolling in MFA first when the account asks for it. */
async function canSignIn(email: string, password: string): Promise<number> {
  const t = await createTestApp({ dataDir });
  try {
    let secret = secrets.get(email);
    if (!secret) {
      const first = await login(t, email, password, { totp: null });
      const body = await first.json();
      if (body.error?.code !== 'totp_enrolment_required') return first.status;
      secret = body.enrolment.secret as string;
      secrets.set(email, secret);
    }
    // These checks run within one 30-second step, whose code is otherwise accepted once.
    await t.deps.db.update(staffUsers).set({ totpLastStep: null });
    return (await login(t, email, password, { totp: totpCode(secret, t.deps.clock.now()) })).status;
  } finally {
    await t.stop();
  }
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
    expect(await canSignIn('manager@bureau.co.za', 'first password 123')).toBe(200);

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
    expect(await canSignIn('manager@bureau.co.za', 'first password 123')).toBe(401);
    expect(await canSignIn('manager@bureau.co.za', 'second password 456')).toBe(200);

    expect((await admin(['disable', '--email', 'manager@bureau.co.za'])).code).toBe(0);
    expect(await canSignIn('manager@bureau.co.za', 'second password 456')).toBe(401);
    const list = await admin(['list']);
    expect(list.stdout).toMatch(/manager@bureau\.co\.za\tdisabled\t/);
    expect((await admin(['enable', '--email', 'manager@bureau.co.za'])).code).toBe(0);
    expect(await canSignIn('manager@bureau.co.za', 'second password 456')).toBe(200);
    expect(list.stdout).toMatch(/manager@bureau\.co\.za\tdisabled\tmfa\t/);

    // A lost phone: the next sign-in sets up MFA again, with a new secret.
    const lost = await admin(['reset-mfa', '--email', 'manager@bureau.co.za']);
    expect(lost.code).toBe(0);
    const old = secrets.get('manager@bureau.co.za');
    secrets.delete('manager@bureau.co.za');
    expect(await canSignIn('manager@bureau.co.za', 'second password 456')).toBe(200);
    expect(secrets.get('manager@bureau.co.za')).not.toBe(old);

    const everything = [created, duplicate, reset, list].map((r) => r.stdout + r.stderr).join('');
    expect(everything).not.toContain('password 123');
    expect(everything).not.toContain('password 456');
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
