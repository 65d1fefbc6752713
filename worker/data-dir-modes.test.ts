// Finding 10: everything under a fresh DATA_DIR is the owner's only (directories 0700, files
// 0600) whatever the process umask — the database, mail and stored ID copies are POPIA data.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadDocument } from './testing/fixtures.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';

let parent: string;
let t: TestApp;
let umask: number;
beforeAll(async () => {
  // The usual umask, so only explicit modes can make the files private.
  umask = process.umask(0o022);
  parent = await mkdtemp(join(tmpdir(), 'portal-modes-'));
  t = await createTestApp({ dataDir: join(parent, 'data') });
});
afterAll(async () => {
  await t.dispose();
  await rm(parent, { recursive: true, force: true });
  process.umask(umask);
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

async function everything(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.map((e) => join(e.parentPath, e.name));
}

describe('DATA_DIR', () => {
  it('keeps the database, mail and stored objects private to the owner', async () => {
    await uploadDocument(t, 'certified_id', 'pdf');
    await t.deps.mailer!.send({
      id: 'modes-test',
      to: 'someone@example.co.za',
      subject: 'x',
      text: 'y',
      date: new Date(),
    });

    expect(await modeOf(t.dataDir)).toBe(0o700);
    const paths = await everything(t.dataDir);
    const kinds = { db: 0, eml: 0, object: 0 };
    for (const path of paths) {
      const info = await stat(path);
      expect(info.mode & 0o777, path).toBe(info.isDirectory() ? 0o700 : 0o600);
      if (path.endsWith('portal.db')) kinds.db++;
      if (path.endsWith('.eml')) kinds.eml++;
      if (path.includes(`${join(t.dataDir, 'store')}/`) && info.isFile()) kinds.object++;
    }
    expect(kinds.db).toBe(1);
    expect(kinds.eml).toBeGreaterThan(0);
    expect(kinds.object).toBeGreaterThan(0);
  });
});
