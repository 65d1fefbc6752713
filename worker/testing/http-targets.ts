// The two targets as real processes for the API parity suite (worker/api-parity.smoke.test.ts):
// `npm start`'s server (worker/node.ts) and `npm run start:workers` (workerd with sqld, s3rver
// and the mail API stand-in), each on a fresh DATA_DIR, driven over HTTP like any API client.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from './harness.ts';
import { freePort, ROOT, start, stopAll, waitUntilServing } from './smoke-processes.ts';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
export const PARITY_STAFF = {
  email: 'parity@bureau.example',
  password: 'kettle-jacaranda-protea-4821',
  /** ADMIN_TOTP_SECRET: the account starts enrolled in MFA, as staff accounts must be. */
  totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
};

export type HttpTarget = {
  base: string;
  dataDir: string;
  /**
   * The fixtures' request (worker/testing/fixtures.ts) over HTTP; Origin as a browser's. A
   * `client` is sent as the address a proxy saw (X-Forwarded-For), honoured with TRUST_PROXY=1.
   */
  request: TestApp['request'];
  /** The server's process group, for its memory. */
  pid: number;
  /** The last of what the server printed (for a failure's message). */
  output(): string;
  stop(): Promise<void>;
};

/** The loopback name a client uses: a page opened at either must work on both targets. */
export type LoopbackHost = '127.0.0.1' | 'localhost';

export async function startTarget(
  kind: 'node' | 'workers',
  env: Record<string, string> = {},
  host: LoopbackHost = '127.0.0.1',
): Promise<HttpTarget> {
  const dataDir = await mkdtemp(join(tmpdir(), `portal-parity-${kind}-`));
  const port = await freePort();
  const base = `http://${host}:${port}`;
  const script = kind === 'node' ? 'worker/node.ts' : 'worker/workers-local/start.ts';
  const proc = start(kind, process.execPath, [TSX, script], {
    ...process.env,
    PORT: String(port),
    // start:workers puts its S3 server on PORT + 1 unless told: another free port.
    OBJECT_STORE_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: base,
    ADMIN_EMAIL: PARITY_STAFF.email,
    ADMIN_PASSWORD: PARITY_STAFF.password,
    ADMIN_TOTP_SECRET: PARITY_STAFF.totpSecret,
    NOTIFY_DELAY_SECONDS: '0',
    ...env,
  });
  const stop = async () => {
    await stopAll();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(proc, `${base}/api/health`, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const request = ((path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, client, ...rest } = init as RequestInit & {
      json?: unknown;
      client?: string;
    };
    const method = rest.method ?? 'GET';
    const headers = new Headers(rest.headers);
    let body = rest.body;
    if (json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(json);
    }
    if (!['GET', 'HEAD'].includes(method) && !headers.has('Origin')) headers.set('Origin', base);
    if (client) headers.set('X-Forwarded-For', client);
    return fetch(new URL(path, base), { ...rest, method, headers, body });
  }) as TestApp['request'];
  return { base, dataDir, request, stop, pid: proc.child.pid!, output: proc.output };
}
