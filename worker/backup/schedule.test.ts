// Snapshots by configuration: the newest BACKUP_KEEP are kept, the daily time is UTC, and a
// start that finds a pending migration takes a snapshot first where backups are configured
// and says that none was taken where they are not.
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../deps.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import {
  backupScheduleFrom,
  pruneSnapshots,
  snapshotBeforeMigrating,
  untilNext,
} from './schedule.ts';
import { verifySnapshot } from './snapshot-read.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-schedule-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function capturing() {
  const lines: string[] = [];
  const logger: Logger = { info: (m) => lines.push(m), error: (m) => lines.push(m) };
  return { lines, logger };
}

describe('the backup schedule', () => {
  it('is off without BACKUP_DIR and refuses one without a key or with a bad time', () => {
    expect(backupScheduleFrom({})).toBeNull();
    expect(() => backupScheduleFrom({ BACKUP_DIR: dir })).toThrow(/BACKUP_RECIPIENT/);
    expect(() =>
      backupScheduleFrom({ BACKUP_DIR: dir, BACKUP_PASSPHRASE: 'x', BACKUP_TIME: '25:00' }),
    ).toThrow(/BACKUP_TIME/);
    expect(backupScheduleFrom({ BACKUP_DIR: dir, BACKUP_PASSPHRASE: 'x' })).toMatchObject({
      time: '01:00',
      keep: 14,
    });
  });

  it('waits until the next daily time in UTC', () => {
    const now = new Date('2026-11-27T00:30:00Z');
    expect(untilNext('01:00', now)).toBe(30 * 60_000);
    expect(untilNext('00:30', now)).toBe(24 * 3_600_000);
  });

  it('keeps the newest snapshots and removes older ones', async () => {
    const backups = join(dir, 'prune');
    const days = Array.from(
      { length: 16 },
      (_, i) => `snapshot-202611${String(i + 1).padStart(2, '0')}T010000Z`,
    );
    for (const day of days) await mkdir(join(backups, day), { recursive: true });
    await mkdir(join(backups, 'notes'));
    expect(await pruneSnapshots(backups, 14)).toEqual(days.slice(0, 2));
    expect((await readdir(backups)).sort()).toEqual([...days.slice(2), 'notes'].sort());
  });
});

describe('a start with a pending migration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The database as a release behind this one left it: its newest migration not applied.
    await t.deps.db.run(
      sql`DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)`,
    );
  });
  afterAll(() => t.dispose());

  it('says that no snapshot was taken where backups are not configured', async () => {
    const { lines, logger } = capturing();
    await snapshotBeforeMigrating(t.env, t.deps.db, logger);
    expect(lines.join('\n')).toMatch(/without a snapshot: no backups configured.*none taken/);
  });

  it('takes a snapshot first where they are, and says where', async () => {
    const identity = await generateX25519Identity();
    const backups = join(dir, 'upgrade');
    const { lines, logger } = capturing();
    const env = {
      ...t.env,
      BACKUP_DIR: backups,
      BACKUP_RECIPIENT: await identityToRecipient(identity),
    };
    await snapshotBeforeMigrating(env, t.deps.db, logger);
    const [name] = await readdir(backups);
    expect(lines.join('\n')).toContain(`the snapshot from before is ${join(backups, name!)}`);
    await expect(verifySnapshot(join(backups, name!), { identity })).resolves.toBeTruthy();
  });
});
