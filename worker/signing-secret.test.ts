// Keys apart from data (decision 098): the signing secret, which seals the staff MFA secrets,
// can live outside DATA_DIR, and then a copy of DATA_DIR opens nothing sealed with it.
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  generatedSecretNotice,
  loadSigningSecret,
  placeRestoredSigningSecret,
  SigningSecretError,
} from './signing-secret.ts';
import { createTestApp } from './testing/harness.ts';
import { STAFF_EMAIL, STAFF_PASSWORD, STAFF_TOTP_SECRET } from './testing/staff-fixtures.ts';
import { login } from './testing/staff-sign-in.ts';

const dirs: string[] = [];
const tempDir = async (name: string) => {
  const dir = await mkdtemp(join(tmpdir(), `portal-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

async function filesHolding(dir: string, text: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    if ((await readFile(path)).includes(text)) found.push(path);
  }
  return found;
}

describe('the signing secret', () => {
  it('is generated in DATA_DIR once, said so on that start only, and read back after', async () => {
    const dataDir = await tempDir('secret-generated');
    const first = await loadSigningSecret({}, dataDir, { generate: true });
    expect(first).toMatchObject({ generated: true, insideDataDir: true });
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(generatedSecretNotice(first)).toContain(join(dataDir, 'signing-secret'));
    expect(generatedSecretNotice(first)).toContain('SIGNING_SECRET_FILE');
    expect((await stat(join(dataDir, 'signing-secret'))).mode & 0o777).toBe(0o600);

    const second = await loadSigningSecret({}, dataDir, { generate: true });
    expect(second).toMatchObject({ secret: first.secret, generated: false });
    expect(generatedSecretNotice(second)).toBeNull();
  });

  it('comes from SIGNING_SECRET_FILE outside DATA_DIR, and DATA_DIR never holds it', async () => {
    const dataDir = await tempDir('secret-data');
    const keys = await tempDir('secret-keys');
    const file = join(keys, 'signing-secret');
    await writeFile(file, `${SECRET}\n`, { mode: 0o600 });
    const t = await createTestApp({
      dataDir,
      env: {
        SIGNING_SECRET_FILE: file,
        ADMIN_EMAIL: STAFF_EMAIL,
        ADMIN_PASSWORD: STAFF_PASSWORD,
        ADMIN_TOTP_SECRET: STAFF_TOTP_SECRET,
      },
    });
    try {
      expect((await login(t)).status).toBe(200);
    } finally {
      await t.stop();
    }
    expect(await filesHolding(dataDir, SECRET)).toEqual([]);

    // A copy of DATA_DIR started without the secret makes a new one, which opens nothing
    // the old one sealed: the enrolled account's codes are not accepted.
    const copy = await tempDir('secret-copy');
    await cp(dataDir, copy, { recursive: true });
    const stolen = await createTestApp({ dataDir: copy });
    try {
      const res = await login(stolen);
      expect(res.status).not.toBe(200);
      expect(res.status).toBeLessThan(500);
    } finally {
      await stolen.stop();
    }
  });

  it('refuses a SIGNING_SECRET_FILE that is missing or too short, naming what to do', async () => {
    const dataDir = await tempDir('secret-missing');
    const missing = join(await tempDir('secret-nowhere'), 'signing-secret');
    await expect(
      loadSigningSecret({ SIGNING_SECRET_FILE: missing }, dataDir, { generate: true }),
    ).rejects.toThrow(/openssl rand -hex 32/);
    // A secret that lives in DATA_DIR today is moved, not replaced by a new one.
    await loadSigningSecret({}, dataDir, { generate: true });
    await expect(
      loadSigningSecret({ SIGNING_SECRET_FILE: missing }, dataDir, { generate: true }),
    ).rejects.toThrow(`mv ${join(dataDir, 'signing-secret')} ${missing}`);
    await writeFile(missing, 'short');
    await expect(
      loadSigningSecret({ SIGNING_SECRET_FILE: missing }, dataDir, { generate: true }),
    ).rejects.toThrow(SigningSecretError);
    await expect(
      loadSigningSecret({}, await tempDir('secret-backup'), { generate: false }),
    ).rejects.toThrow(/No signing secret/);
  });

  it("takes SIGNING_SECRET over the file, and a restore puts the snapshot's where the start reads it", async () => {
    const dataDir = await tempDir('secret-restore');
    const keys = await tempDir('secret-restore-keys');
    const file = join(keys, 'signing-secret');
    expect(
      await loadSigningSecret({ SIGNING_SECRET: SECRET, SIGNING_SECRET_FILE: file }, dataDir, {
        generate: true,
      }),
    ).toMatchObject({ secret: SECRET, file: null, insideDataDir: false });

    await (await placeRestoredSigningSecret({ SIGNING_SECRET_FILE: file }, dataDir, SECRET))();
    expect((await readFile(file, 'utf8')).trim()).toBe(SECRET);
    expect(await readdir(dataDir)).toEqual([]);
    // The same secret already in place is fine; another one is refused before any write.
    await (await placeRestoredSigningSecret({ SIGNING_SECRET_FILE: file }, dataDir, SECRET))();
    await expect(
      placeRestoredSigningSecret({ SIGNING_SECRET_FILE: file }, dataDir, `${SECRET}00`),
    ).rejects.toThrow(/another signing secret/);
    await expect(
      placeRestoredSigningSecret({ SIGNING_SECRET: `${SECRET}00` }, dataDir, SECRET),
    ).rejects.toThrow(/another signing secret/);
    await (await placeRestoredSigningSecret({}, dataDir, SECRET))();
    expect((await readFile(join(dataDir, 'signing-secret'), 'utf8')).trim()).toBe(SECRET);
  });
});
