// npm run start:workers: the Workers target (worker/cloudflare.ts in workerd via `wrangler
// dev`, offline) with local stand-ins for what Cloudflare and its neighbours provide: sqld for
// Turso, a verifying stand-in for R2's S3 API (object-server.ts), a loopback mail API writing .eml files, and a timer for the
// cron trigger. Same environment contract as `npm start`; everything under DATA_DIR
// (docs/decisions/078-workers-target-locally.md).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import {
  MAINTENANCE_CRON,
  MAINTENANCE_INTERVAL_MS,
  NOTICE_CRON,
} from '../services/maintenance/maintenance.ts';
import { loadSigningSecret } from '../signing-secret.ts';
import { writeConfigIntoPages } from '../static-site-pages.ts';
import {
  cli,
  freePort,
  ROOT,
  sqldBinary,
  start,
  stopAll,
  waitUntilServing,
} from '../testing/smoke-processes.ts';
import { startMailApi } from './mail-api.ts';
import { LOCAL_S3_KEY, startObjectServer } from './object-server.ts';

const env = process.env;
const HOST = '127.0.0.1';
const port = Number(env.PORT || 8787);
const objectPort = Number(env.OBJECT_STORE_PORT || port + 1);
const dataDir = resolve(env.DATA_DIR || './data-workers');
const base = `http://${HOST}:${port}`;
const publicOrigin = env.PUBLIC_ORIGIN || base;
// As on the Node target, a page opened on either loopback name works when PUBLIC_ORIGIN is
// unset: the bucket's CORS rule allows both (the presigned URLs name the object server alike).
const pageOrigins = env.PUBLIC_ORIGIN
  ? [publicOrigin]
  : [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
const BUCKET = 'portal-objects';
/** The configuration table's variables the Worker reads, passed through when set. */
const PASSED_THROUGH = [
  'LOOKUP_RATE_LIMIT',
  'SUBMIT_RATE_LIMIT',
  'LOGIN_RATE_LIMIT',
  'SUBMIT_RATE_LIMIT',
  'PRACTICE_RATE_LIMIT',
  'UPLOAD_RATE_LIMIT',
  'UPLOAD_BUDGET_MB',
  'SUPPORT_EMAIL',
  'BUREAU_NAME',
  'POSTAL_ADDRESS',
  'MAIL_FROM',
  'NOTIFY_DELAY_SECONDS',
  'STAFF_NOTIFY_EMAIL',
];

async function secretIn(path: string): Promise<string> {
  if (existsSync(path)) return (await readFile(path, 'utf8')).trim();
  const secret = randomBytes(32).toString('hex');
  await writeFile(path, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * Runs one cron schedule now and then `everyMs` after each run has finished (the handler
 * awaits its work, so runs of one schedule never overlap), until stopped.
 */
function cronLoop(base: string, schedule: string, everyMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    await fetch(`${base}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(schedule)}`)
      .then((res) => res.body?.cancel())
      .catch(() => {});
    if (!stopped) timer = setTimeout(run, everyMs);
  };
  void run();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

async function main() {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const built = spawnSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    // A production build whatever the caller's NODE_ENV (a test runner's breaks the PWA plugin).
    env: { ...env, NODE_ENV: 'production', OBJECT_STORE_ORIGIN: '' },
  });
  if (built.status !== 0) throw new Error('The build failed.');
  // Built without the object store's origin, as a bare `wrangler deploy` builds: the Worker
  // sets the pages' CSP from R2_S3_ORIGIN at run time (decision 113). A copy, leaving dist/web
  // as built, for the bureau's details below.
  const assets = join(dataDir, 'web');
  await rm(assets, { recursive: true, force: true });
  await cp(join(ROOT, 'dist/web'), assets, { recursive: true });
  // The bureau's details in the pages, as `npm run deploy` writes them (first visits).
  await writeConfigIntoPages(assets, loadConfig(env));

  const { secret: signingSecret } = await loadSigningSecret(env, dataDir, { generate: true });
  const mailKey = await secretIn(join(dataDir, 'mail-api-key'));
  const mailApi = await startMailApi({ dir: join(dataDir, 'mail'), apiKey: mailKey });
  const objects = await startObjectServer({
    dir: join(dataDir, 'objects'),
    port: objectPort,
    bucketName: BUCKET,
    pageOrigins,
  });
  // The Worker's own port is not bound until wrangler starts: a port the system hands out now
  // may be that one (the parity suite's start:workers failed once with sqld on it).
  const portOtherThanWorkers = async (): Promise<number> => {
    const found = await freePort();
    return found === port || found === objectPort ? portOtherThanWorkers() : found;
  };
  const [dbPort, inspectorPort] = await Promise.all([
    env.SQLD_PORT ? Number(env.SQLD_PORT) : portOtherThanWorkers(),
    portOtherThanWorkers(),
  ]);
  const databaseUrl = `http://${HOST}:${dbPort}`;
  const path = `${join(ROOT, 'node_modules/.bin')}:${dirname(process.execPath)}:${env.PATH ?? ''}`;
  const sqld = start(
    'sqld',
    sqldBinary(),
    ['--db-path', join(dataDir, 'sqld'), '--http-listen-addr', `${HOST}:${dbPort}`, '--no-welcome'],
    { PATH: path, HOME: dataDir, RUST_LOG: 'warn' },
  );
  await waitUntilServing(sqld, `${databaseUrl}/health`, 15_000);
  // As an operator does for Turso: migrate, then the first staff account from ADMIN_EMAIL.
  const cliEnv = {
    ...env,
    PATH: path,
    DATABASE_URL: databaseUrl,
    DATABASE_AUTH_TOKEN: '',
    DATA_DIR: join(dataDir, 'cli'),
    SIGNING_SECRET: signingSecret,
  };
  await cli('worker/cli/migrate.ts', [], cliEnv);
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) await cli('worker/cli/admin.ts', ['list'], cliEnv);

  const vars: Record<string, string> = {
    // WORKERS_DATABASE_URL: something in front of sqld at SQLD_PORT (the bench's counter of
    // the Worker's database round trips); the CLIs above talk to sqld directly.
    DATABASE_URL: env.WORKERS_DATABASE_URL || databaseUrl,
    SIGNING_SECRET: signingSecret,
    PUBLIC_ORIGIN: publicOrigin,
    R2_BUCKET_NAME: BUCKET,
    R2_ACCOUNT_ID: 'local',
    R2_ACCESS_KEY_ID: LOCAL_S3_KEY.accessKeyId,
    R2_SECRET_ACCESS_KEY: LOCAL_S3_KEY.secretAccessKey,
    R2_S3_ORIGIN: objects.origin,
    MAIL_API_URL: mailApi.url,
    MAIL_API_KEY: mailKey,
    // wrangler dev answers from 127.0.0.1 itself: no proxy in front.
    TRUST_PROXY: 'false',
  };
  for (const name of PASSED_THROUGH) if (env[name]) vars[name] = env[name];
  const wrangler = start(
    'wrangler dev',
    process.execPath,
    [
      join(ROOT, 'node_modules/.bin/wrangler'),
      'dev',
      '--ip',
      HOST,
      '--port',
      String(port),
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      join(dataDir, 'wrangler'),
      '--show-interactive-dev-session=false',
      '--assets',
      assets,
      '--log-level',
      'warn',
      ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
    ],
    {
      ...env,
      PATH: path,
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_HIDE_BANNER: 'true',
      XDG_CONFIG_HOME: join(dataDir, 'wrangler-config'),
      CI: 'true',
    },
  );
  wrangler.child.stdout?.pipe(process.stdout);
  wrangler.child.stderr?.pipe(process.stderr);
  await waitUntilServing(wrangler, `${base}/api/health`, 60_000);

  // The cron triggers, through the scheduled handler as Cloudflare calls it: maintenance at
  // start and every interval, as the Node entry runs it, and the practitioner notices every
  // minute, or as soon as a shorter NOTIFY_DELAY_SECONDS allows (2 s at least): locally nothing
  // holds the round to a cron's minute. wrangler dev's own trigger path is
  // /cdn-cgi/local/scheduled (`--test-scheduled`'s /__scheduled is not used).
  const noticeEveryMs = Math.min(
    60_000,
    Math.max(2_000, loadConfig(env).notifyDelaySeconds * 1000),
  );
  const crons = [
    cronLoop(base, MAINTENANCE_CRON, MAINTENANCE_INTERVAL_MS),
    cronLoop(base, NOTICE_CRON, noticeEveryMs),
  ];
  console.log(`Portal (Workers target) ready on ${base}`);

  let stopping = false;
  const stop = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    for (const loop of crons) loop.stop();
    await stopAll();
    await Promise.all([objects.close(), mailApi.close()]);
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // A child that dies takes the portal down with it, as a crash of `npm start` would.
  for (const proc of [sqld, wrangler]) {
    proc.child.once('exit', (code) => {
      if (stopping) return;
      console.error(`${proc.name} exited (${code}):\n${proc.output().slice(-2000)}`);
      void stop('child exit', 1);
    });
  }
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
});
