// What a killed snapshot leaves — the plain database copy in DATA_DIR and the unfinished folder
// in BACKUP_DIR, named with the process id of a process that is gone — is removed by the next
// snapshot and by the next start; what a snapshot still running (a live process id) writes is
// not touched.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/harness.ts';
import { snapshotSourceFrom } from './node-wiring.ts';
import { takeSnapshot } from './snapshot-write.ts';

const cleanup: string[] = [];
afterEach(async () => {
  for (const dir of cleanup.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempDir(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanup.push(dir);
  return dir;
}

/** The id of a process that ran and exited, as a killed snapshot's would be. */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ['-e', '']);
    child.on('exit', () => resolve(child.pid!));
  });
}

/** Leaves what a snapshot killed by `pid` leaves, with a plain ID number in the copy. */
async function killedSnapshotLeftovers(dataDir: string, backupDir: string, pid: number) {
  const copy = `.snapshot-${pid}-${crypto.randomUUID()}.db`;
  await writeFile(join(dataDir, copy), 'SQLite format 3\0 ID 7503174123081');
  await writeFile(join(dataDir, `${copy}-wal`), 'wal');
  const partial = `.snapshot-20261128T010000Z-${pid}.partial`;
  await mkdir(join(backupDir, partial, 'objects'), { recursive: true });
  await writeFile(join(backupDir, partial, 'key.age'), 'sealed key');
  return [copy, `${copy}-wal`, partial];
}

const names = async (dir: string) => (await readdir(dir)).filter((n) => n.startsWith('.'));

describe('what a killed snapshot leaves', { timeout: 60_000 }, () => {
  it('is removed by the next snapshot; a running one keeps its files', async () => {
    const dataDir = await tempDir('portal-killed-');
    const backupDir = await tempDir('portal-killed-backups-');
    const t = await createTestApp({ dataDir });
    try {
      const left = await killedSnapshotLeftovers(dataDir, backupDir, await deadPid());
      const running = await killedSnapshotLeftovers(dataDir, backupDir, process.pid);
      expect(await names(dataDir)).toEqual(expect.arrayContaining([left[0], left[1]]));
      await takeSnapshot(await snapshotSourceFrom(t.env), {
        to: backupDir,
        sealing: { recipient: await identityToRecipient(await generateX25519Identity()) },
        now: new Date(),
      });
      const now = [...(await names(dataDir)), ...(await names(backupDir))];
      for (const name of left) expect(now).not.toContain(name);
      for (const name of running) expect(now).toContain(name);
      // And the snapshot's own plain copy is gone once it is done.
      expect(now.filter((n) => n.endsWith('.db') && !running.includes(n))).toEqual([]);
    } finally {
      await t.stop();
    }
  });

  it('is removed at the next start', async () => {
    const dataDir = await tempDir('portal-killed-start-');
    const backupDir = await tempDir('portal-killed-start-backups-');
    const left = await killedSnapshotLeftovers(dataDir, backupDir, await deadPid());
    const t = await createTestApp({ dataDir, env: { BACKUP_DIR: backupDir } });
    await t.stop();
    const now = [...(await names(dataDir)), ...(await names(backupDir))];
    for (const name of left) expect(now).not.toContain(name);
  });
});
