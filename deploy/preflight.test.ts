// The preflight against a stand-in for Cloudflare's API on 127.0.0.1 (what CLOUDFLARE_API_BASE_URL
// points wrangler and the preflight at): a token of one account, its Worker's secrets and its
// bucket's CORS policy as the test sets them.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../worker/testing/smoke-processes.ts';
import { bucketCorsPolicy, type R2CorsPolicy } from './bucket-cors-policy.ts';
import { preflight, readPreflightSettings, requiredSecrets } from './preflight.ts';

const ACCOUNT = 'acct0123';
const TOKEN = 'token-of-acct0123';
const ORIGIN = 'https://portal.bureau.co.za';
const SCRIPT = 'practitioner-onboarding-portal';
let secrets: string[] | null;
let cors: R2CorsPolicy | null;
let server: Server;
let api: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (status: number, result: unknown) =>
      res
        .writeHead(status, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ success: status === 200, result, errors: [] }));
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, null);
    const mine = `/client/v4/accounts/${ACCOUNT}`;
    if (!req.url?.startsWith(`${mine}/`)) return send(403, null);
    if (req.url === `${mine}/workers/scripts/${SCRIPT}/secrets`) {
      return secrets
        ? send(
            200,
            secrets.map((name) => ({ name, type: 'secret_text' })),
          )
        : send(404, null);
    }
    if (req.url === `${mine}/r2/buckets/portal-objects/cors`) {
      return cors ? send(200, cors) : send(404, null);
    }
    send(404, null);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  secrets = requiredSecrets({});
  cors = bucketCorsPolicy(ORIGIN);
});

const env = (more: Record<string, string> = {}) => ({
  CLOUDFLARE_API_BASE_URL: api,
  CLOUDFLARE_API_TOKEN: TOKEN,
  CLOUDFLARE_ACCOUNT_ID: ACCOUNT,
  R2_ACCOUNT_ID: ACCOUNT,
  PUBLIC_ORIGIN: ORIGIN,
  MAIL_API_URL: '',
  ...more,
});

async function rows(more: Record<string, string> = {}, remoteOptional = false) {
  const e = env(more);
  const settings = await readPreflightSettings(join(ROOT, 'wrangler.toml'), e);
  const found = await preflight(settings, e, { corsFix: 'apply it', remoteOptional });
  return Object.fromEntries(found.map((row) => [row.check, row]));
}

describe('the preflight', () => {
  it('passes a pinned account with its secrets and the CORS policy made from PUBLIC_ORIGIN', async () => {
    const found = await rows();
    expect(Object.values(found).map((row) => row.ok)).toEqual([true, true, true]);
  });

  it('refuses a missing secret, naming it and how to set it', async () => {
    secrets = ['DATABASE_AUTH_TOKEN', 'R2_ACCESS_KEY_ID', 'R2_SECRET_ACCESS_KEY'];
    const row = (await rows())['Worker secrets']!;
    expect(row.ok).toBe(false);
    expect(row.detail).toBe(
      'Missing: SIGNING_SECRET. `npx wrangler secret put <NAME>` for each (README step 6).',
    );
    // With a mail API the mail key is needed too.
    secrets = requiredSecrets({});
    const mail = (await rows({ MAIL_API_URL: 'https://api.mail.example/emails' }))[
      'Worker secrets'
    ]!;
    expect(mail).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^Missing: MAIL_API_KEY/),
    });
    secrets = null;
    expect((await rows())['Worker secrets']!.detail).toMatch(
      /No Worker .* yet: `npx wrangler secret put`/,
    );
  });

  it('refuses an account not pinned, one that is not the R2 account, and one the token cannot see', async () => {
    expect((await rows({ CLOUDFLARE_ACCOUNT_ID: '' }))['Account pinned']).toMatchObject({
      ok: false,
      detail: expect.stringContaining(`Set account_id = "${ACCOUNT}" in wrangler.toml`),
    });
    expect((await rows({ CLOUDFLARE_ACCOUNT_ID: 'other99' }))['Account pinned']).toMatchObject({
      ok: false,
      detail: expect.stringContaining('is not R2_ACCOUNT_ID'),
    });
    const wrong = await rows({ CLOUDFLARE_ACCOUNT_ID: 'other99', R2_ACCOUNT_ID: 'other99' });
    expect(wrong['Worker secrets']).toMatchObject({
      ok: false,
      detail: expect.stringContaining('Cloudflare answered 403 for account other99'),
    });
  });

  it('refuses a bucket CORS policy without PUBLIC_ORIGIN, without ETag exposed, or with none', async () => {
    cors = bucketCorsPolicy('https://old.bureau.co.za');
    expect((await rows())['Bucket CORS policy']).toMatchObject({
      ok: false,
      detail: `no rule allows ${ORIGIN}. Apply the policy made from PUBLIC_ORIGIN: apply it`,
    });
    cors = bucketCorsPolicy(ORIGIN);
    cors.rules[0]!.exposeHeaders = [];
    expect((await rows())['Bucket CORS policy']!.detail).toMatch(/^ETag not exposed/);
    cors = null;
    expect((await rows())['Bucket CORS policy']!.ok).toBe(false);
    expect((await rows({ PUBLIC_ORIGIN: '' }))['Bucket CORS policy']).toMatchObject({
      ok: false,
      detail: 'Set PUBLIC_ORIGIN: the CORS policy is made from it.',
    });
  });

  it('asks for an API token, or skips the remote rows in a dry run', async () => {
    expect((await rows({ CLOUDFLARE_API_TOKEN: '' }))['Worker secrets']!.ok).toBe(false);
    expect((await rows({ CLOUDFLARE_API_TOKEN: '' }, true))['Worker secrets']!.ok).toBe('skipped');
  });

  it('stops `npm run deploy --dry-run` before the build, with the table', async () => {
    secrets = ['DATABASE_AUTH_TOKEN'];
    const { code, output } = await new Promise<{ code: number; output: string }>((done) => {
      execFile(
        process.execPath,
        [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'deploy/deploy.ts', '--dry-run'],
        { cwd: ROOT, env: { ...process.env, ...env({ DATABASE_URL: 'http://127.0.0.1:9' }) } },
        (error, stdout, stderr) =>
          done({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    expect(output).toMatch(
      /== Preflight\nOK +Account pinned +account acct0123\nFAIL +Worker secrets +Missing: SIGNING_SECRET, R2_ACCESS_KEY_ID, R2_SECRET_ACCESS_KEY\./,
    );
    expect(output).toContain('Deploy stopped: the preflight found');
    expect(output).not.toContain('== Build');
    expect(code).toBe(2);
  }, 60_000);
});
