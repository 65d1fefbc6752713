// npm run deploy: the Workers release in the one safe order (decision 086). Reads the R2
// account and database from the environment or wrangler.toml, builds the PWA with R2's origin
// in the pages' CSP, refuses a build whose _headers lacks it, migrates the database, and ends
// with `wrangler deploy`. The bureau's details from wrangler.toml go into the built pages.
// The Worker is routed to PUBLIC_ORIGIN's host (deploy/routes.ts; `--workers-dev` leaves it on
// workers.dev) and placed next to DATABASE_URL's host (deploy/placement.ts). `--dry-run` goes as far as no account is needed: the build, the
// check, the migration (of the database configured: use a local sqld or a staging one) and
// `wrangler deploy --dry-run`. WEB_OUT_DIR builds elsewhere than dist/web (the tests do).
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { writeConfigIntoPages } from '../worker/static-site-pages.ts';
import { checkBuiltHeaders } from './built-headers.ts';
import { DeployRefused, readDeploySettings } from './deploy-settings.ts';
import { type Placement, placementFor } from './placement.ts';
import { runPreflight } from './preflight-run.ts';
import { readRouting, writeDeployConfig } from './routes.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

function run(step: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  console.log(`\n== ${step}`);
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`${step} failed (exit ${result.status ?? result.signal}).`);
}

async function main() {
  const dryRun = process.argv.includes('--dry-run');
  const workersDev = process.argv.includes('--workers-dev');
  const env = process.env;
  const wranglerToml = join(ROOT, 'wrangler.toml');
  const settings = await readDeploySettings(wranglerToml, env);
  // Refused here, before anything is built or migrated, when PUBLIC_ORIGIN's host is not routed.
  const routing = await readRouting(wranglerToml, env, { workersDev });
  console.log(
    routing.workersDev
      ? `Deploying to workers.dev (--workers-dev); PUBLIC_ORIGIN ${routing.publicOrigin}.`
      : `The Worker answers ${routing.publicOrigin} (routes: ${JSON.stringify(routing.routes)}).`,
  );
  // Before anything changes; a dry run without an API token skips the rows that ask Cloudflare.
  const cloudflareAccount = await runPreflight(
    wranglerToml,
    { ...env, PUBLIC_ORIGIN: routing.publicOrigin },
    {
      remoteOptional: dryRun,
    },
  );
  const webDir = resolve(ROOT, env.WEB_OUT_DIR || 'dist/web');
  console.log(`R2 origin for the pages' CSP: ${settings.objectOrigin}`);

  run('Build', bin('vite'), ['build', '--logLevel', 'warn'], {
    ...env,
    NODE_ENV: 'production',
    OBJECT_STORE_ORIGIN: settings.objectOrigin,
    WEB_OUT_DIR: webDir,
  });
  await checkBuiltHeaders(webDir, settings.objectOrigin);
  console.log(`The build's CSP allows ${settings.objectOrigin}.`);
  const pages = await writeConfigIntoPages(webDir, settings.publicDetails);
  console.log(`${settings.publicDetails.bureauName}'s details written into ${pages} pages.`);

  // Before the code that expects the new schema (migrations only add; decision 086).
  run('Migrate the database', process.execPath, [bin('tsx'), 'worker/cli/migrate.ts'], {
    ...env,
    DATABASE_URL: settings.databaseUrl,
  });

  const quiet = {
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_HIDE_BANNER: 'true',
  };
  const work = await mkdtemp(join(tmpdir(), 'portal-deploy-'));
  const own = parse(await readFile(wranglerToml, 'utf8')).placement as Placement | undefined;
  const { placement, note } = placementFor(own, settings.databaseUrl);
  console.log(note);
  const config = await writeDeployConfig(
    wranglerToml,
    routing,
    work,
    placement ? { placement } : {},
  );
  const dryRunArgs = dryRun ? ['--dry-run', '--outdir', join(work, 'bundle')] : [];
  run(
    dryRun ? 'wrangler deploy --dry-run' : 'wrangler deploy',
    bin('wrangler'),
    [
      'deploy',
      '--config',
      config,
      ...dryRunArgs,
      '--assets',
      webDir,
      // What was built and migrated for is what the Worker gets.
      '--var',
      `R2_ACCOUNT_ID:${settings.accountId}`,
      '--var',
      `DATABASE_URL:${settings.databaseUrl}`,
      '--var',
      `PUBLIC_ORIGIN:${routing.publicOrigin}`,
    ],
    { ...env, ...(dryRun ? quiet : {}), CLOUDFLARE_ACCOUNT_ID: cloudflareAccount },
  );
  console.log(dryRun ? '\nDry run complete: nothing deployed.' : '\nDeployed.');
}

main().catch((error) => {
  console.error(`\nDeploy stopped: ${error instanceof Error ? error.message : error}`);
  process.exit(error instanceof DeployRefused ? 2 : 1);
});
