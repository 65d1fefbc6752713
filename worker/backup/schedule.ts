// Snapshots by configuration (Node entry): with BACKUP_DIR and a key (BACKUP_RECIPIENT or
// BACKUP_PASSPHRASE) the server takes one snapshot a day at BACKUP_TIME (UTC) and keeps the
// newest BACKUP_KEEP, removing older ones, so deleted data leaves the backups within that many
// days; and a start that finds a migration pending takes one before migrating.
import { readdir, rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { z } from 'zod/mini';
import type { Database } from '../db.ts';
import type { Logger } from '../deps.ts';
import { readSchemaStatus } from '../services/maintenance/schema-version.ts';
import { sealingKeyFrom, snapshotSourceFrom } from './node-wiring.ts';
import type { SealingKey } from './snapshot-keys.ts';
import { logSnapshot } from './snapshot-log.ts';
import { SNAPSHOT_PREFIX, takeSnapshot } from './snapshot-write.ts';

type Env = Record<string, string | undefined>;

const scheduleSchema = z.object({
  BACKUP_DIR: z.string().check(z.minLength(1)),
  BACKUP_TIME: z._default(
    z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'BACKUP_TIME is HH:MM (UTC)')),
    '01:00',
  ),
  BACKUP_KEEP: z._default(
    z.coerce.number().check(z.int('BACKUP_KEEP must be a whole number'), z.gte(1), z.lte(3650)),
    14,
  ),
});

export type BackupSchedule = { dir: string; time: string; keep: number; sealing: SealingKey };

/** The schedule configured, or null when BACKUP_DIR is not set; throws on a bad one. */
export function backupScheduleFrom(env: Env): BackupSchedule | null {
  if (!env.BACKUP_DIR) return null;
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v));
  const parsed = scheduleSchema.safeParse(present);
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const sealing = sealingKeyFrom(env);
  if (!sealing) {
    throw new Error(
      'Invalid configuration: BACKUP_DIR needs BACKUP_RECIPIENT (an age public key) or BACKUP_PASSPHRASE to encrypt to.',
    );
  }
  const c = parsed.data;
  return { dir: resolve(c.BACKUP_DIR), time: c.BACKUP_TIME, keep: c.BACKUP_KEEP, sealing };
}

const SNAPSHOT_NAME = new RegExp(`^${SNAPSHOT_PREFIX}\\d{8}T\\d{6}Z$`);

/** Removes all but the newest `keep` snapshots in dir; answers the names removed. */
export async function pruneSnapshots(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => SNAPSHOT_NAME.test(n))
    .sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(dir, name), { recursive: true, force: true });
  return old;
}

/** Milliseconds from now to the next HH:MM UTC. */
export function untilNext(time: string, now: Date): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const next = new Date(now);
  next.setUTCHours(h, m, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

async function snapshotNow(env: Env, schedule: BackupSchedule, logger: Logger, why: string) {
  const source = await snapshotSourceFrom(env);
  const now = new Date();
  const { path, manifest } = await takeSnapshot(source, {
    to: schedule.dir,
    sealing: schedule.sealing,
    now,
  });
  await logSnapshot(
    { url: source.databaseUrl, authToken: source.databaseAuthToken },
    { action: 'backup_taken', actor: { type: 'server' }, snapshot: basename(path), manifest, now },
  );
  logger.info(`snapshot taken ${why}`, { path, ...manifest.counts });
  return path;
}

/** The daily snapshot and clean-up; answers a function that stops it. */
export function startBackupSchedule(env: Env, schedule: BackupSchedule, logger: Logger) {
  let timer: NodeJS.Timeout;
  const next = () => {
    timer = setTimeout(run, untilNext(schedule.time, new Date()));
    timer.unref();
  };
  const run = async () => {
    try {
      await snapshotNow(env, schedule, logger, 'by the daily schedule');
      const removed = await pruneSnapshots(schedule.dir, schedule.keep);
      if (removed.length > 0) logger.info('older snapshots removed', { removed });
    } catch (error) {
      logger.error('the scheduled snapshot failed', { error: (error as Error).message });
    }
    next();
  };
  next();
  return () => clearTimeout(timer);
}

/**
 * Before the start's migration: a snapshot when one is pending on an existing database and
 * backups are configured, else a line saying none was taken. A new, empty database has
 * nothing to keep.
 */
export async function snapshotBeforeMigrating(env: Env, db: Database, logger: Logger) {
  const status = await readSchemaStatus(db);
  if (status.current || status.applied === null) return;
  const schedule = backupScheduleFrom(env);
  const pending = { applied: status.applied, expected: status.expected };
  if (!schedule) {
    logger.info(
      'migrating the database without a snapshot: no backups configured (BACKUP_DIR), none taken',
      pending,
    );
    return;
  }
  const path = await snapshotNow(env, schedule, logger, 'before migrating');
  logger.info(`migrating the database; the snapshot from before is ${path}`, pending);
}
