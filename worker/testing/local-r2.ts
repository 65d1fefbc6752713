// A test file's local stand-in for R2 (workers-local/object-server.ts, decision 095): started on
// a free port over a fresh folder before its tests, closed and removed after them, with the S3
// access the R2 adapter builds over it (createS3Access). `s3` and `origin` are read inside tests
// (they exist once beforeAll has run).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createS3Access } from '../adapters/r2-multipart.ts';
import { LOCAL_S3_KEY, startObjectServer } from '../workers-local/object-server.ts';

export const LOCAL_R2_BUCKET = 'portal';

export function localR2(
  options: {
    /** The page origins the bucket's CORS rule allows. */
    pageOrigins?: readonly string[];
    /** The store's clock (tests move it past a URL's expiry). */
    now?: () => Date;
  } = {},
) {
  let server: Awaited<ReturnType<typeof startObjectServer>> | undefined;
  let access: ReturnType<typeof createS3Access> | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'local-r2-test-'));
    server = await startObjectServer({
      dir,
      port: 0,
      bucketName: LOCAL_R2_BUCKET,
      pageOrigins: options.pageOrigins ?? ['http://127.0.0.1'],
      now: options.now,
    });
    access = createS3Access({
      bucketName: LOCAL_R2_BUCKET,
      accountId: 'local',
      ...LOCAL_S3_KEY,
      s3Origin: server.origin,
    });
  });
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    get origin(): string {
      if (!server) throw new Error('The local R2 starts in beforeAll');
      return server.origin;
    },
    get s3(): ReturnType<typeof createS3Access> {
      if (!access) throw new Error('The local R2 starts in beforeAll');
      return access;
    },
  };
}
