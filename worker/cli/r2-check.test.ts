// npm run deploy:check against the local stand-in for R2 (no account can be reached from
// here): every row holds, as a real bucket must, and the CLI prints the table.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../testing/smoke-processes.ts';
import { LOCAL_S3_KEY, startObjectServer } from '../workers-local/object-server.ts';

const PAGE = 'http://localhost:9150';
let server: Awaited<ReturnType<typeof startObjectServer>>;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'r2-check-'));
  server = await startObjectServer({ dir, port: 0, bucketName: 'throwaway', pageOrigins: [PAGE] });
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

it('proves each R2 behaviour against the local stand-in and prints the table', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(ROOT, 'node_modules/.bin/tsx'), join(ROOT, 'worker/cli/r2-check.ts')],
    {
      env: {
        ...process.env,
        R2_ACCOUNT_ID: 'local',
        R2_ACCESS_KEY_ID: LOCAL_S3_KEY.accessKeyId,
        R2_SECRET_ACCESS_KEY: LOCAL_S3_KEY.secretAccessKey,
        R2_CHECK_BUCKET: 'throwaway',
        PUBLIC_ORIGIN: PAGE,
        R2_S3_ORIGIN: server.origin,
      },
    },
  );
  console.log(stdout);
  expect(stdout).toContain('All 15 hold.');
  expect(stdout).not.toContain('FAIL');
}, 30_000);
