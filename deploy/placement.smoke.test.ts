// wrangler 4's own check of the placement the deploy writes (decision 125): the repository's
// wrangler.toml with the hint for a Turso host passes `wrangler deploy --dry-run`; a placement
// wrangler does not take (two targets at once) is refused, so the first result could fail.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../worker/testing/smoke-processes.ts';
import { placementFor } from './placement.ts';
import { routingFor, writeDeployConfig } from './routes.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-placement-'));
  // The assets are not what is checked here: a one-page folder stands in for dist/web.
  await mkdir(join(dir, 'web'));
  await writeFile(join(dir, 'web', 'index.html'), '<!doctype html><title>portal</title>');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function dryRun(placement: Record<string, unknown>) {
  const routing = routingFor(undefined, 'https://portal.bureau.co.za', { workersDev: false });
  const out = await mkdtemp(join(dir, 'config-'));
  const config = await writeDeployConfig(join(ROOT, 'wrangler.toml'), routing, out, {
    placement,
  });
  return spawnSync(
    join(ROOT, 'node_modules/.bin/wrangler'),
    [
      'deploy',
      '--dry-run',
      '--config',
      config,
      '--outdir',
      join(out, 'bundle'),
      '--assets',
      join(dir, 'web'),
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        WRANGLER_SEND_ERROR_REPORTS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        WRANGLER_HIDE_BANNER: 'true',
      },
    },
  );
}

describe('the placement in the deployed wrangler.toml', () => {
  it('passes wrangler deploy --dry-run with the Turso host as its hint', async () => {
    const { placement } = placementFor(undefined, 'libsql://portal-bureau.turso.io');
    const run = await dryRun(placement!);
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toContain('--dry-run: exiting now.');
  }, 60_000);

  it('is refused by wrangler when it is not a placement wrangler takes', async () => {
    const run = await dryRun({ hostname: 'portal-bureau.turso.io', region: 'aws:eu-west-1' });
    expect(run.status).not.toBe(0);
    expect(run.stderr + run.stdout).toMatch(/mutually exclusive/);
  }, 60_000);
});
