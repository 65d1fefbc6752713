// A snapshot built by someone else and sealed to the operator's public recipient passes
// `backup verify` and restores (integrity, not authorship: SECURITY.md, L3). What tells it from
// the portal's own is the security log's chain: after a restore, verify with the last daily
// digest kept off the server fails on the forged database and passes on the real one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { afterEach, describe, expect, it } from 'vitest';
import { verifySecurityLog } from '../services/security-log/security-log-verify.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { login } from '../testing/staff-sign-in.ts';
import { restoreTargetFrom, snapshotSourceFrom } from './node-wiring.ts';
import { restoreSnapshot, verifySnapshot } from './snapshot-read.ts';
import { takeSnapshot } from './snapshot-write.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'portal-forged-'));
  dirs.push(dir);
  return dir;
}

/** A portal with a few entries in its security log (wrong sign-ins). */
async function portalWithEntries(count: number): Promise<TestApp> {
  const t = await createTestApp({ dataDir: await tempDir() });
  for (let i = 0; i < count; i++) {
    const res = await login(t, `nobody${i}@bureau.co.za`, 'not the password', {
      totp: null,
      client: `198.51.100.${i + 1}`,
    });
    expect(res.status).toBe(401);
  }
  return t;
}

describe('a snapshot someone else built to the operator recipient', { timeout: 60_000 }, () => {
  it('verifies and restores, but its security log does not reach the last digest', async () => {
    const identity = await generateX25519Identity();
    const sealing = { recipient: await identityToRecipient(identity) };
    const backups = await tempDir();

    const real = await portalWithEntries(3);
    const forger = await portalWithEntries(3);
    try {
      // The daily digest the operator keeps off the server.
      const digest = await verifySecurityLog(real.deps.db, new Date());
      const claim = { entries: digest.entries, hash: digest.lastHash };
      const snap = async (t: TestApp) =>
        (
          await takeSnapshot(await snapshotSourceFrom(t.env), {
            to: backups,
            sealing,
            now: new Date(),
          })
        ).path;
      const genuine = await snap(real);
      await new Promise((r) => setTimeout(r, 1100)); // snapshot names are by the second
      const forged = await snap(forger);

      await expect(verifySnapshot(forged, { identity })).resolves.toBeTruthy();
      const restoredLog = async (snapshot: string) => {
        const dataDir = await tempDir();
        await restoreSnapshot(snapshot, restoreTargetFrom({ DATA_DIR: dataDir }), { identity });
        const restored = await createTestApp({ dataDir });
        try {
          return await verifySecurityLog(restored.deps.db, new Date(), claim);
        } finally {
          await restored.stop();
        }
      };
      const fromForged = await restoredLog(forged);
      expect(fromForged.problemCount).toBeGreaterThan(0);
      expect(fromForged.problems.map((p) => p.problem).join('\n')).toContain(
        'differs from the digest: the history up to it was rewritten',
      );
      expect((await restoredLog(genuine)).problemCount).toBe(0);
    } finally {
      await real.stop();
      await forger.stop();
    }
  });
});
