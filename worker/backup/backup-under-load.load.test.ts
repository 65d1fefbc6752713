// The restore drill on the Node target (issue 29), part of `npm run test:load`: the real
// server takes applications with files from the load run's practitioners while `npm run admin
// -- backup` runs beside it; the CLI verifies and restores the snapshot into a fresh DATA_DIR,
// a second server starts on it, and every application the manifest counts is there
// (worker/testing/restore-drill.ts).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type HttpTarget, startTarget } from '../testing/http-targets.ts';
import { backUpWhileServing, expectRestored } from '../testing/restore-drill.ts';
import { cli, stopAll } from '../testing/smoke-processes.ts';

const CLIENTS = Number(process.env.BACKUP_LOAD_CLIENTS ?? 12);
const SECONDS = Number(process.env.BACKUP_LOAD_SECONDS ?? 25);

let work: string;
let first: HttpTarget;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'portal-drill-'));
  // Each load client sends an application every second or two: far over the product's hourly limit.
  first = await startTarget('node', { TRUST_PROXY: '1', SUBMIT_RATE_LIMIT: '100000' });
}, 120_000);
afterAll(async () => {
  await stopAll();
  await first?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a backup taken while the Node server serves', () => {
  it(
    'restores on a second server with every application it counts, byte for byte, and staff MFA',
    async () => {
      const env = { ...process.env, DATA_DIR: first.dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };
      const drill = await backUpWhileServing(first, {
        work,
        clients: CLIENTS,
        seconds: SECONDS,
        env,
      });
      const restoredDir = join(work, 'restored');
      await cli(
        'worker/cli/admin.ts',
        ['restore', '--from', drill.snapshot, '--identity', drill.identityFile],
        { ...env, DATA_DIR: restoredDir },
      );
      const second = await startTarget('node', { DATA_DIR: restoredDir });
      const db = createClient({ url: `file:${join(restoredDir, 'portal.db')}` });
      try {
        await expectRestored(drill, second, db, async (key) =>
          readFile(join(first.dataDir, 'store', 'objects', key)),
        );
      } finally {
        db.close();
      }
    },
    (SECONDS + 240) * 1000,
  );
});
