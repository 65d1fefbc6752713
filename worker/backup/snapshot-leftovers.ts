// A snapshot or restore killed midway (SIGKILL, OOM, power loss) leaves what its `finally`
// would have removed: the plain copy of the database in DATA_DIR (.snapshot-… or .restore-…,
// with any -wal/-shm/-journal beside it) and the unfinished folder in BACKUP_DIR
// (.snapshot-….partial), which pruning never matched (review 2026-11-28, L4). Each name carries
// the writing process's id; a sweep at every start and before each snapshot removes those whose
// process is gone, so a snapshot still running beside it (the CLI next to the server) keeps
// its files. Names without a process id (written before this) are removed after an hour.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const PLAIN_COPY = /^\.(?:snapshot|restore)-(?:(\d+)-)?[0-9a-f-]{36}\.db(?:-wal|-shm|-journal)?$/;
const PARTIAL = /^\.snapshot-\d{8}T\d{6}Z(?:-(\d+))?\.partial$/;
const UNMARKED_AGE_MS = 60 * 60_000;

/** The name of a plain database copy this process writes (kind: snapshot or restore). */
export function plainCopyName(kind: 'snapshot' | 'restore'): string {
  return `.${kind}-${process.pid}-${crypto.randomUUID()}.db`;
}

/** The unfinished folder of the snapshot `name` this process writes. */
export function partialName(name: string): string {
  return `.${name}-${process.pid}.partial`;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds that id; it is running.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function sweep(dir: string, pattern: RegExp, now: Date): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const match = name.match(pattern);
    if (!match) continue;
    const pid = match[1] ? Number(match[1]) : null;
    if (pid !== null && running(pid)) continue;
    if (pid === null) {
      const info = await stat(join(dir, name)).catch(() => null);
      if (!info || now.getTime() - info.mtimeMs < UNMARKED_AGE_MS) continue;
    }
    await rm(join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Removes what killed snapshots and restores left; answers the names removed. */
export async function sweepSnapshotLeftovers(
  dirs: { dataDir: string; backupDir?: string | undefined },
  now = new Date(),
): Promise<string[]> {
  const removed = await sweep(dirs.dataDir, PLAIN_COPY, now);
  if (dirs.backupDir) removed.push(...(await sweep(dirs.backupDir, PARTIAL, now)));
  return removed;
}
