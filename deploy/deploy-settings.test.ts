import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeployRefused, readDeploySettings } from './deploy-settings.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-settings-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function toml(vars: string): Promise<string> {
  const path = join(dir, 'wrangler.toml');
  await writeFile(path, `name = "portal"\nmain = "worker/cloudflare.ts"\n\n[vars]\n${vars}\n`);
  return path;
}

describe("the deploy's settings", () => {
  it("derive R2's origin from the account id in wrangler.toml", async () => {
    const path = await toml(
      'R2_ACCOUNT_ID = "0123abcd"\nDATABASE_URL = "libsql://portal.turso.io"',
    );
    expect(await readDeploySettings(path, {})).toEqual({
      accountId: '0123abcd',
      objectOrigin: 'https://0123abcd.r2.cloudflarestorage.com',
      databaseUrl: 'libsql://portal.turso.io',
      publicDetails: {
        supportEmail: 'support@example.co.za',
        bureauName: 'Medical Billing Bureau',
        postalAddress: [
          'Medical Billing Bureau',
          'PO Box 0000',
          'Cape Town',
          '8000',
          'South Africa',
        ],
      },
    });
  });

  it("read the bureau's details from wrangler.toml's vars", async () => {
    const path = await toml(
      'R2_ACCOUNT_ID = "0123abcd"\nDATABASE_URL = "libsql://portal.turso.io"\nBUREAU_NAME = "Karoo Billing"\nSUPPORT_EMAIL = "help@karoo.co.za"',
    );
    expect((await readDeploySettings(path, {})).publicDetails).toMatchObject({
      bureauName: 'Karoo Billing',
      supportEmail: 'help@karoo.co.za',
    });
  });

  it('take the environment over wrangler.toml, and OBJECT_STORE_ORIGIN as given', async () => {
    const path = await toml(
      'R2_ACCOUNT_ID = "0123abcd"\nDATABASE_URL = "libsql://portal.turso.io"',
    );
    const env = {
      R2_ACCOUNT_ID: 'feed',
      DATABASE_URL: 'http://127.0.0.1:9',
      OBJECT_STORE_ORIGIN: 'https://files.bureau.co.za/ignored/path',
    };
    expect(await readDeploySettings(path, env)).toMatchObject({
      accountId: 'feed',
      objectOrigin: 'https://files.bureau.co.za',
      databaseUrl: 'http://127.0.0.1:9',
    });
  });

  it('refuse the placeholders wrangler.toml ships with', async () => {
    const path = await toml(
      'R2_ACCOUNT_ID = "your-account-id"\nDATABASE_URL = "libsql://your-database.turso.io"',
    );
    await expect(readDeploySettings(path, {})).rejects.toThrow(DeployRefused);
    await expect(readDeploySettings(path, {})).rejects.toThrow(/Set R2_ACCOUNT_ID/);
    await expect(readDeploySettings(path, { R2_ACCOUNT_ID: 'abc' })).rejects.toThrow(
      /Set DATABASE_URL/,
    );
  });
});
