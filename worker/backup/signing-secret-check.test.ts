// The backup refuses a signing secret that is not the portal's (on Cloudflare's deployment the
// backup machine is given SIGNING_SECRET by hand): as the operator runs it, `npm run admin --
// backup`, against a DATA_DIR whose staff account has MFA sealed with the portal's secret.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../testing/admin-cli.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { STAFF_EMAIL, STAFF_PASSWORD, STAFF_TOTP_SECRET } from '../testing/staff-fixtures.ts';

let t: TestApp;
let backups: string;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      ADMIN_EMAIL: STAFF_EMAIL,
      ADMIN_PASSWORD: STAFF_PASSWORD,
      ADMIN_TOTP_SECRET: STAFF_TOTP_SECRET,
    },
  });
  backups = await mkdtemp(join(tmpdir(), 'portal-backups-'));
});
afterAll(async () => {
  await t?.dispose();
  await rm(backups, { recursive: true, force: true });
});

const backup = (env: Record<string, string>) =>
  runAdmin(t.dataDir, ['backup', '--to', backups], '', { BACKUP_PASSPHRASE: 'operator', ...env });

describe("the backup's signing secret", () => {
  it('refuses to start with one that does not open the sealed MFA secrets, saying what to do', async () => {
    const wrong = await backup({ SIGNING_SECRET: 'f'.repeat(64) });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(
      /does not open the staff MFA secrets.*wrangler secret put SIGNING_SECRET.*Nothing was written\./,
    );
    expect(await readdir(backups)).toEqual([]);
  }, 60_000);

  it("takes the snapshot with the portal's own", async () => {
    // DATA_DIR/signing-secret, the one the test app sealed the staff account's MFA with.
    const right = await backup({});
    expect(right.stderr).toBe('');
    expect(right.code).toBe(0);
    expect(await readdir(backups)).toHaveLength(1);
  }, 60_000);
});
