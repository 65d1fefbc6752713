// `npm run deploy --dry-run` as far as it goes without an account: the build with R2's origin,
// the check of the built _headers, the migration of a real libSQL server (sqld) and `wrangler
// deploy --dry-run`; and the refusals. Builds into its own WEB_OUT_DIR under dist/ (inside the
// project, where the pre-render finds node_modules), so dist/web (the ordinary build `npm test`
// made before this) stays as it is.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import journal from '../schema/migrations/meta/_journal.json' with { type: 'json' };
import {
  freePort,
  ROOT,
  sqldBinary,
  start,
  stopAll,
  waitUntilServing,
} from '../worker/testing/smoke-processes.ts';
import { checkBuiltHeaders } from './built-headers.ts';
import { DeployRefused } from './deploy-settings.ts';

const ACCOUNT = 'smoke0123';
const ORIGIN = `https://${ACCOUNT}.r2.cloudflarestorage.com`;
let tmp: string;
let databaseUrl: string;
let buildDir: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'portal-deploy-test-'));
  await mkdir(join(ROOT, 'dist'), { recursive: true });
  buildDir = await mkdtemp(join(ROOT, 'dist/deploy-test-'));
  const port = await freePort();
  databaseUrl = `http://127.0.0.1:${port}`;
  const sqld = start(
    'sqld',
    sqldBinary(),
    ['--db-path', join(tmp, 'sqld'), '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome'],
    { PATH: process.env.PATH, HOME: tmp, RUST_LOG: 'warn' },
  );
  await waitUntilServing(sqld, `${databaseUrl}/health`, 15_000);
}, 30_000);

afterAll(async () => {
  await stopAll();
  await rm(tmp, { recursive: true, force: true });
  await rm(buildDir, { recursive: true, force: true });
}, 20_000);

function deploy(env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((done) => {
    const child = execFile(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'deploy/deploy.ts', '--dry-run'],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 240_000, maxBuffer: 10_000_000 },
      (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
    child.stdin?.end();
  });
}

describe('npm run deploy', () => {
  it("refuses an ordinary build's _headers (no object origin in the CSP)", async () => {
    await expect(checkBuiltHeaders(join(ROOT, 'dist/web'), ORIGIN)).rejects.toThrow(DeployRefused);
  });

  it("refuses to start with wrangler.toml's placeholder account", async () => {
    const { code, output } = await deploy({ R2_ACCOUNT_ID: '', DATABASE_URL: databaseUrl });
    expect(output).toMatch(/Deploy stopped: Set R2_ACCOUNT_ID/);
    expect(code).toBe(2);
  });

  it("refuses, before building, wrangler.toml's placeholder PUBLIC_ORIGIN and a workers.dev one", async () => {
    const base = { R2_ACCOUNT_ID: ACCOUNT, DATABASE_URL: databaseUrl };
    const placeholder = await deploy({ ...base, PUBLIC_ORIGIN: '' });
    expect(placeholder.output).toMatch(/Deploy stopped: Set PUBLIC_ORIGIN/);
    expect(placeholder.code).toBe(2);
    const workersDev = await deploy({ ...base, PUBLIC_ORIGIN: 'https://p.bureau.workers.dev' });
    expect(workersDev.output).toMatch(/is on workers\.dev: pass --workers-dev/);
    expect(workersDev.output).not.toContain('== Build');
    expect(workersDev.code).toBe(2);
  });

  it('builds with the R2 origin, checks it, migrates the database and bundles (dry run)', async () => {
    const webDir = join(buildDir, 'web');
    const { code, output } = await deploy({
      R2_ACCOUNT_ID: ACCOUNT,
      DATABASE_URL: databaseUrl,
      DATABASE_AUTH_TOKEN: '',
      WEB_OUT_DIR: webDir,
      OBJECT_STORE_ORIGIN: '',
      PUBLIC_ORIGIN: 'https://portal.smoke.example',
      CLOUDFLARE_ACCOUNT_ID: ACCOUNT,
      CLOUDFLARE_API_TOKEN: '',
    });
    // The Worker goes to PUBLIC_ORIGIN's host, as a Custom Domain made at deploy.
    expect(output).toContain(
      'The Worker answers https://portal.smoke.example (routes: [{"pattern":"portal.smoke.example","custom_domain":true}])',
    );
    expect(output).toContain(`The build's CSP allows ${ORIGIN}.`);
    expect(output).toContain('Migrations applied.');
    expect(output).toContain('Dry run complete: nothing deployed.');
    expect(code).toBe(0);
    // A first visit shows the bureau's details from wrangler.toml (the defaults here).
    expect(await readFile(join(webDir, 'index.html'), 'utf8')).toContain(
      '<meta name="portal-config" content="{&quot;supportEmail&quot;:&quot;support@example.co.za&quot;',
    );
    expect(await readFile(join(webDir, '_headers'), 'utf8')).toContain(
      `connect-src 'self' ${ORIGIN}`,
    );
    const client = createClient({ url: databaseUrl });
    const { rows } = await client.execute('select count(*) as n from __drizzle_migrations');
    client.close();
    expect(Number(rows[0]!.n)).toBe(journal.entries.length);
  }, 240_000);
});
