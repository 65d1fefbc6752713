// npm run deploy:check against the local stand-in for R2 (no account can be reached from
// here): every row holds, as a real bucket must, and the CLI prints the table; with a bucket
// CORS policy that hides the ETag, or names another origin, the rows that depend on it fail, and
// against a store that keeps a part cut mid-body, the cut-part row fails.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../testing/smoke-processes.ts';
import { bucketCorsRules, type CorsRule } from '../workers-local/bucket-cors.ts';
import { LOCAL_S3_KEY, startObjectServer } from '../workers-local/object-server.ts';

const PAGE = 'http://localhost:9150';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'r2-check-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The CLI's table against a stand-in with the given CORS rules (deploy/r2-cors.json's if none). */
async function check(
  corsRules?: CorsRule[],
  options: { keepCutBodies?: boolean } = {},
): Promise<{ code: number; stdout: string }> {
  const server = await startObjectServer({
    dir: await mkdtemp(join(dir, 'bucket-')),
    port: 0,
    bucketName: 'throwaway',
    pageOrigins: [PAGE],
    corsRules,
    ...options,
  });
  try {
    return await new Promise((done) =>
      execFile(
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
        (error, stdout) => done({ code: error ? Number(error.code ?? 1) : 0, stdout }),
      ),
    );
  } finally {
    await server.close();
  }
}

const failing = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('FAIL'))
    .map(
      (line) =>
        line
          .slice(4)
          .trim()
          .split(/\s{2,}/)[0],
    );

describe('npm run deploy:check', () => {
  it('proves each R2 behaviour against the local stand-in and prints the table', async () => {
    const { code, stdout } = await check();
    console.log(stdout);
    expect(stdout).toContain('All 18 hold.');
    expect(stdout).toMatch(/ok +a part cut mid-body is not listed +none +none/);
    expect(failing(stdout)).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);

  it('fails the ETag rows when the policy does not expose it', async () => {
    const hidden = bucketCorsRules([PAGE]).map(({ ExposeHeaders: _e, ...rule }) => rule);
    const { code, stdout } = await check(hidden);
    expect(failing(stdout)).toEqual([
      'ETag exposed to the page',
      "a part's ETag exposed to the page",
    ]);
    expect(code).toBe(1);
  }, 60_000);

  it('fails the CORS rows, parts included, when the policy names another origin', async () => {
    const { code, stdout } = await check(bucketCorsRules(['https://other.example']));
    expect(failing(stdout)).toEqual(
      expect.arrayContaining([
        'CORS preflight for a PUT from the portal',
        'a part PUT from the page carries CORS headers',
      ]),
    );
    expect(code).toBe(1);
  }, 60_000);

  it('fails the cut-part row against a store that keeps a part cut mid-body (cannot resume)', async () => {
    const { code, stdout } = await check(undefined, { keepCutBodies: true });
    expect(failing(stdout)).toEqual(['a part cut mid-body is not listed']);
    expect(stdout).toMatch(/FAIL +a part cut mid-body is not listed +none +1/);
    expect(code).toBe(1);
  }, 60_000);
});
