// A staff password hash in workerd, where the Workers entry runs it: the native scrypt
// (node:crypto under nodejs_compat) against the pure-JS scrypt the product used before
// (@noble/hashes), same parameters. CPU time is read from /proc for workerd's process group
// (a Worker's clocks stand still while it computes), and printed.
import { scryptSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { scrypt as nobleScrypt } from '@noble/hashes/scrypt.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCpuMilliseconds } from '../testing/process-memory.ts';
import {
  freePort,
  ROOT,
  type Started,
  startWranglerDev,
  stopAll,
  waitUntilServing,
} from '../testing/smoke-processes.ts';

const ROUNDS = 4;
const STRENGTH = { N: 2 ** 14, r: 8, p: 5 } as const;
let tmp: string;
let base: string;
let wrangler: Started;

// The Worker under test: /native hashes with the product's function, /js with today's pure-JS
// scrypt; /verify-old checks a hash made by the pure-JS scrypt with the product's verify.
const entry = `
import { hashPassword, verifyPassword } from '${ROOT}worker/crypto/passwords.ts';
import { scrypt } from '${ROOT}node_modules/@noble/hashes/scrypt.js';

const b64 = (bytes) => btoa(String.fromCharCode(...bytes));
export default {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === '/ready') return new Response('ready');
    if (pathname === '/native') return new Response(await hashPassword('correct horse battery'));
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const hash = scrypt('correct horse battery', salt, { N: 2 ** 14, r: 8, p: 5, dkLen: 32 });
    const stored = 'scrypt$n=16384,r=8,p=5$' + b64(salt) + '$' + b64(hash);
    if (pathname === '/js') return new Response(stored);
    if (pathname === '/verify-old') {
      const right = await verifyPassword('correct horse battery', stored);
      const wrong = await verifyPassword('correct horse battery!', stored);
      return Response.json({ right, wrong });
    }
    return new Response('not found', { status: 404 });
  },
};
`;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'portal-hash-'));
  await writeFile(join(tmp, 'entry.js'), entry);
  await writeFile(
    join(tmp, 'wrangler.toml'),
    [
      'name = "password-hash-check"',
      'main = "entry.js"',
      'compatibility_date = "2026-11-01"',
      'compatibility_flags = ["nodejs_compat"]',
      'send_metrics = false',
    ].join('\n'),
  );
  const [port, inspectorPort] = await Promise.all([freePort(), freePort()]);
  base = `http://127.0.0.1:${port}`;
  wrangler = startWranglerDev({
    port,
    inspectorPort,
    persistTo: join(tmp, 'state'),
    path: `${join(ROOT, 'node_modules/.bin')}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    args: ['--config', join(tmp, 'wrangler.toml')],
  });
  await waitUntilServing(wrangler, `${base}/ready`, 40_000);
}, 60_000);

afterAll(async () => {
  await stopAll();
  await rm(tmp, { recursive: true, force: true });
}, 20_000);

/** CPU ms per call that workerd's process group spends answering `path`, over ROUNDS calls. */
async function cpuPerCall(path: string, answer: RegExp): Promise<number> {
  const before = await groupCpuMilliseconds(wrangler.child.pid!);
  for (let i = 0; i < ROUNDS; i++) {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(answer);
  }
  return ((await groupCpuMilliseconds(wrangler.child.pid!)) - before) / ROUNDS;
}

const HASHED = /^scrypt\$n=16384,r=8,p=5\$/;

/** CPU ms of one hash in this Node process: OpenSSL's scrypt, then the same pure-JS scrypt. */
function nodeCpuPerHash(): { native: number; js: number } {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const cpu = (hash: () => unknown) => {
    hash();
    const start = process.cpuUsage();
    for (let i = 0; i < ROUNDS; i++) hash();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / ROUNDS;
  };
  return {
    native: cpu(() =>
      scryptSync('correct horse battery', salt, 32, {
        ...STRENGTH,
        maxmem: 256 * 1024 * 1024,
      }),
    ),
    js: cpu(() => nobleScrypt('correct horse battery', salt, { ...STRENGTH, dkLen: 32 })),
  };
}

describe('password hashing in workerd', () => {
  it('verifies hashes the pure-JS scrypt made (same parameters and format)', async () => {
    const res = await fetch(`${base}/verify-old`);
    expect(await res.json()).toEqual({ right: true, wrong: false });
  });

  it('hashes natively, with less CPU than the pure-JS scrypt; the gap is the one Node shows', async () => {
    // Alternated, so a busy moment on a shared machine falls on both.
    const native: number[] = [];
    const js: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < 2; i++) {
      native.push(await cpuPerCall('/native', HASHED));
      js.push(await cpuPerCall('/js', HASHED));
      bare.push(await cpuPerCall('/ready', /^ready$/));
    }
    // What a request costs workerd and wrangler's proxy without any hash, taken off both.
    const overhead = Math.min(...bare);
    const nativeMs = Math.min(...native) - overhead;
    const jsMs = Math.min(...js) - overhead;
    const node = nodeCpuPerHash();
    console.log(
      `scrypt N=2^14 r=8 p=5, CPU per hash. workerd: native (BoringSSL) ${nativeMs.toFixed(0)} ms, ` +
        `pure JS ${jsMs.toFixed(0)} ms (${(jsMs / nativeMs).toFixed(1)}x; a bare request ` +
        `${overhead.toFixed(1)} ms, taken off). Node ${process.versions.node}: native (OpenSSL) ` +
        `${node.native.toFixed(0)} ms, pure JS ${node.js.toFixed(0)} ms ` +
        `(${(node.js / node.native).toFixed(1)}x). Not several times: at this strength scrypt ` +
        'is memory-bound (16 MiB walked at random five times), which JIT-compiled JS does ' +
        'almost as fast as C; decision 083.',
    );
    expect(nativeMs).toBeLessThan(jsMs);
    // Native in workerd too, not a JS polyfill: within reach of Node's native figure and never
    // the pure-JS one's cost.
    expect(nativeMs).toBeLessThan(node.js);
    // 16 hashes in workerd and 10 in Node, each up to seconds of wall time on a loaded machine.
  }, 120_000);
});
