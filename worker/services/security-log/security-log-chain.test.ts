// The chain over real libSQL files: two sealers at once (two processes' worth of connections on
// one database) link every entry exactly once, and the maintenance run sends one digest a day
// out of DATA_DIR — mail to STAFF_NOTIFY_EMAIL and a file in SECURITY_LOG_DIGEST_DIR — whose
// numbers a later verify accepts.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { mailOutbox, securityEvents, securityLogChain } from '../../../schema/db.ts';
import { createTestApp, manualClock, type TestApp } from '../../testing/harness.ts';
import { login } from '../../testing/staff-sign-in.ts';
import { runMaintenance } from '../maintenance/maintenance.ts';
import { securityLogInsert } from './security-log.ts';
import { sealSecurityLog } from './security-log-chain.ts';
import { verifySecurityLog } from './security-log-verify.ts';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

async function app(options: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
  const t = await createTestApp(options);
  cleanup.push(() => t.stop());
  return t;
}

async function tempDir(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function wrongSignIns(t: TestApp, count: number) {
  for (let i = 0; i < count; i++) {
    // From different addresses: the sign-in limit would stop one address early.
    const res = await login(t, `nobody${i}@bureau.co.za`, 'not the password', {
      totp: null,
      client: `198.51.100.${i + 1}`,
    });
    expect(res.status).toBe(401);
  }
}

describe('the security log chain', { timeout: 60_000 }, () => {
  it('links every entry once, in one order, when sealers race', async () => {
    const dataDir = await tempDir('portal-seal-');
    const a = await app({ dataDir });
    const b = await app({ dataDir });
    await wrongSignIns(a, 30);
    const now = a.deps.clock.now();
    const counts = await Promise.all([
      sealSecurityLog(a.deps.db, now),
      sealSecurityLog(b.deps.db, now),
      sealSecurityLog(a.deps.db, now),
      sealSecurityLog(b.deps.db, now),
    ]);
    const events = await a.deps.db.select({ id: securityEvents.id }).from(securityEvents);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(events.length);
    const links = await a.deps.db
      .select({ seq: securityLogChain.seq, eventId: securityLogChain.eventId })
      .from(securityLogChain)
      .orderBy(asc(securityLogChain.seq));
    expect(links.map((l) => l.seq)).toEqual(links.map((_, i) => i));
    expect(new Set(links.slice(1).map((l) => l.eventId))).toEqual(new Set(events.map((e) => e.id)));
    const verdict = await verifySecurityLog(a.deps.db, now);
    expect(verdict).toMatchObject({ problemCount: 0, entries: events.length, newlySealed: 0 });
  });

  it('sends one digest a day by mail and to the digest folder, which verify accepts', async () => {
    const dataDir = await tempDir('portal-digest-');
    const digestDir = await tempDir('portal-digest-out-');
    const clock = manualClock(new Date('2026-11-29T06:00:00Z'));
    const t = await app({
      dataDir,
      clock,
      env: { STAFF_NOTIFY_EMAIL: 'security@bureau.co.za', SECURITY_LOG_DIGEST_DIR: digestDir },
    });
    await wrongSignIns(t, 3);
    await runMaintenance(t.deps);
    await runMaintenance(t.deps);
    const digests = () =>
      t.deps.db
        .select({ subject: mailOutbox.subject, to: mailOutbox.to })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'security@bureau.co.za'));
    expect(await digests()).toEqual([
      { to: 'security@bureau.co.za', subject: 'Security log digest 2026-11-29: 3 entries' },
    ]);
    const filed = await readFile(join(digestDir, 'security-log-digest-2026-11-29.txt'), 'utf8');
    const claim = filed.match(/--digest (\d+):([0-9a-f]{64})/);
    expect(claim?.[1]).toBe('3');
    await wrongSignIns(t, 2);
    const verdict = await verifySecurityLog(t.deps.db, clock.now(), {
      entries: Number(claim![1]),
      hash: claim![2]!,
    });
    expect(verdict.problemCount).toBe(0);

    clock.advance(24 * 60 * 60_000);
    await runMaintenance(t.deps);
    expect((await digests()).map((d) => d.subject)).toContain(
      // 3 + the first digest's own entry + 2 sign-ins (verify itself logs nothing here).
      'Security log digest 2026-11-30: 6 entries',
    );
  });

  it('drains a backlog over a few routine runs; verify links all of it at once', async () => {
    const t = await app({ dataDir: await tempDir('portal-backlog-') });
    const { db } = t.deps;
    const now = t.deps.clock.now();
    // A backlog like the entries written before the chain existed (2,100 server entries).
    for (let round = 0; round < 21; round++) {
      const [first, ...rest] = Array.from({ length: 100 }, (_, i) =>
        securityLogInsert(
          db,
          {
            action: 'backlog_entry',
            actor: { type: 'server' },
            entityType: 'test',
            entityId: String(round * 100 + i),
          },
          now,
        ),
      );
      await db.batch([first!, ...rest]);
    }
    expect(await sealSecurityLog(db, now)).toBe(2000);
    expect(await sealSecurityLog(db, now)).toBe(100);
    await wrongSignIns(t, 1);
    const verdict = await verifySecurityLog(db, now);
    expect(verdict).toMatchObject({ problemCount: 0, entries: 2101, newlySealed: 1 });
  });

  it('refuses a digest folder inside DATA_DIR', async () => {
    const dataDir = await tempDir('portal-digest-in-');
    await expect(
      createTestApp({ dataDir, env: { SECURITY_LOG_DIGEST_DIR: join(dataDir, 'digests') } }),
    ).rejects.toThrow('SECURITY_LOG_DIGEST_DIR');
  });
});
