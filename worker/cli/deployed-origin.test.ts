import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployedOrigin } from './deployed-origin.ts';

let dir: string;
let toml: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-origin-'));
  toml = join(dir, 'wrangler.toml');
  await writeFile(
    toml,
    '[vars]\nDATABASE_URL = "libsql://portal-bureau.turso.io"\nPUBLIC_ORIGIN = "https://portal.bureau.co.za"\n',
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the admin CLI's origin for links", () => {
  it("is the deployed one when the CLI works on wrangler.toml's database", async () => {
    const env = { DATABASE_URL: 'libsql://portal-bureau.turso.io' };
    expect(await deployedOrigin(env, toml)).toBe('https://portal.bureau.co.za');
  });

  it("stays the CLI's own for another database, a PUBLIC_ORIGIN given, or the placeholder", async () => {
    expect(await deployedOrigin({ DATABASE_URL: 'http://127.0.0.1:8080' }, toml)).toBeUndefined();
    expect(await deployedOrigin({}, toml)).toBeUndefined();
    expect(
      await deployedOrigin(
        { DATABASE_URL: 'libsql://portal-bureau.turso.io', PUBLIC_ORIGIN: 'https://x.co.za' },
        toml,
      ),
    ).toBeUndefined();
    const placeholder = join(dir, 'placeholder.toml');
    await writeFile(
      placeholder,
      '[vars]\nDATABASE_URL = "libsql://a.turso.io"\nPUBLIC_ORIGIN = "https://portal.example.co.za"\n',
    );
    expect(await deployedOrigin({ DATABASE_URL: 'libsql://a.turso.io' }, placeholder)).toBe(
      undefined,
    );
  });
});
