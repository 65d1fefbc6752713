// npm run bench: the speed and size figures of the product, measured on this machine.
// Starts the production server (built PWA + API) in a child process on a loopback port with
// a fresh DATA_DIR, drives it with bounded loops, and prints a table with each target.
// Run `npm run build` first (the bundle figures read dist/web).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApplication, postSubmission } from '../worker/testing/fixtures.ts';
import type { TestApp } from '../worker/testing/harness.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8821);
const ORIGIN = `http://127.0.0.1:${PORT}`;
type Row = { what: string; figure: string; target: string; ok: boolean | null };
const rows: Row[] = [];

async function bundleFigures() {
  const manifest = JSON.parse(await readFile('dist/web/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; css?: string[]; isEntry?: boolean; src?: string }
  >;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key]!;
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(entryKey);
  // The / route's own chunk(s) are needed to render the landing page.
  for (const key of Object.keys(manifest)) if (/routes\/index\.tsx/.test(key)) visit(key);
  const gz = async (file: string) => gzipSync(await readFile(join('dist/web', file))).byteLength;
  let js = 0;
  for (const key of seen) js += await gz(manifest[key]!.file);
  let cssBytes = 0;
  for (const file of css) cssBytes += await gz(file);
  rows.push({
    what: 'initial JS for / (gzip)',
    figure: `${(js / 1024).toFixed(1)} KB`,
    target: '<= 130 KB',
    ok: js <= 130 * 1024,
  });
  // The wizard's form after Step 1 is its own chunk, fetched right after the first paint.
  const form = Object.keys(manifest).find((k) => k.includes('wizard-form'));
  if (form) {
    const formSeen = new Set<string>();
    const visitForm = (key: string) => {
      if (seen.has(key) || formSeen.has(key)) return;
      formSeen.add(key);
      for (const i of manifest[key]!.imports ?? []) visitForm(i);
    };
    visitForm(form);
    let formJs = 0;
    for (const key of formSeen) formJs += await gz(manifest[key]!.file);
    rows.push({
      what: 'wizard form chunk, after first paint (gzip)',
      figure: `${(formJs / 1024).toFixed(1)} KB`,
      target: 'info',
      ok: null,
    });
  }
  rows.push({
    what: 'CSS for / (gzip)',
    figure: `${(cssBytes / 1024).toFixed(1)} KB`,
    target: '<= 20 KB',
    ok: cssBytes <= 20 * 1024,
  });
}

function startServer(dataDir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', ['worker/node.ts'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        DATA_DIR: dataDir,
        LOOKUP_RATE_LIMIT: '1000000',
        UPLOAD_RATE_LIMIT: '1000000',
        PUBLIC_ORIGIN: ORIGIN,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const started = performance.now();
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Portal ready')) {
        const ms = performance.now() - started;
        rows.push({
          what: 'server start incl. migrations',
          figure: `${ms.toFixed(0)} ms`,
          target: 'info',
          ok: null,
        });
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        resolve(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** Runs `request` with `concurrency` loops for at most `seconds` or `maxRequests` requests. */
async function load(
  name: string,
  request: () => Promise<Response>,
  target: number,
  seconds = 5,
  concurrency = 16,
  maxRequests = 200_000,
) {
  let done = 0;
  let failed = 0;
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until && done < maxRequests) {
        const t0 = performance.now();
        const res = await request();
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!res.ok) failed++;
        done++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const rps = done / seconds;
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
  rows.push({
    what: `${name} (${concurrency} concurrent)`,
    figure: `${rps.toFixed(0)} req/s, p95 ${p95.toFixed(1)} ms${failed ? `, ${failed} failed` : ''}`,
    target: `>= ${target} req/s`,
    ok: rps >= target && failed === 0,
  });
}

/** The fixtures' in-process client, pointed at the running server over loopback. */
const httpClient = {
  request(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    if (init.method && init.method !== 'GET') headers.set('Origin', ORIGIN);
    return fetch(path.startsWith('http') ? path : `${ORIGIN}${path}`, { ...init, headers, body });
  },
} as unknown as TestApp;

/** Whole applications (3 uploads + submit) one after another, then tracking and lookup reads. */
async function submissionFigures() {
  const latencies: number[] = [];
  let token = '';
  let practiceNumber = '';
  for (let i = 0; i < 40; i++) {
    const payload = await buildApplication(httpClient);
    const t0 = performance.now();
    const res = await postSubmission(httpClient, payload);
    latencies.push(performance.now() - t0);
    if (res.status !== 201) throw new Error(`submit failed: ${res.status} ${await res.text()}`);
    token = ((await res.json()) as { trackingToken: string }).trackingToken;
    if (payload.submission.practiceType === 'established')
      practiceNumber = payload.submission.practiceNumber;
  }
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.floor(latencies.length * 0.95)]!;
  rows.push({
    what: 'POST /api/submissions (verifies 3 stored files)',
    figure: `p50 ${latencies[20]!.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`,
    target: 'p95 <= 250 ms',
    ok: p95 <= 250,
  });
  await load('GET /api/submissions/:token', () => fetch(`${ORIGIN}/api/submissions/${token}`), 500);
  await load(
    'POST /api/lookup',
    () =>
      fetch(`${ORIGIN}/api/lookup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
        body: JSON.stringify({ identifier: practiceNumber, identifierType: 'practice_number' }),
      }),
    300,
  );
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

async function main() {
  await bundleFigures().catch((error) => {
    rows.push({
      what: 'bundle',
      figure: `not measured: ${error.message}`,
      target: 'run npm run build',
      ok: false,
    });
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-'));
  const server = await startServer(dataDir);
  try {
    await load(
      'GET /api/medical-aid-documents',
      () => fetch(`${ORIGIN}/api/medical-aid-documents`),
      1000,
    );
    await load('GET / (app shell)', () => fetch(`${ORIGIN}/`), 1000);
    await submissionFigures();

    // A 200 MB upload streamed through the disk store: the server's memory must not grow
    // with the file size.
    const { createDiskStoreUrl } = await import('./upload-url.ts');
    const url = await createDiskStoreUrl(dataDir, ORIGIN);
    const size = 200 * 1024 * 1024;
    const chunk = new Uint8Array(1024 * 1024);
    chunk.set(new TextEncoder().encode('%PDF-1.4\n'));
    let sent = 0;
    const rssBefore = await rssOf(server.pid!);
    let rssPeak = rssBefore;
    const sampler = setInterval(async () => {
      rssPeak = Math.max(rssPeak, await rssOf(server.pid!).catch(() => 0));
    }, 50);
    const t0 = performance.now();
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: new ReadableStream({
        pull(controller) {
          if (sent >= size) return controller.close();
          controller.enqueue(chunk.slice());
          sent += chunk.byteLength;
        },
      }),
      duplex: 'half',
    } as RequestInit);
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const growth = rssPeak - rssBefore;
    rows.push({
      what: 'upload 200 MB through the disk store',
      figure: `${res.status}, ${(size / 1048576 / seconds).toFixed(0)} MB/s, server RSS +${(growth / 1048576).toFixed(0)} MB`,
      target: 'RSS growth < 64 MB',
      ok: res.status === 200 && growth < 64 * 1024 * 1024,
    });
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }

  const width = Math.max(...rows.map((r) => r.what.length));
  console.log(`\n${'measure'.padEnd(width)}  figure / target`);
  for (const r of rows) {
    const mark = r.ok === null ? ' ' : r.ok ? '✓' : '✗';
    console.log(`${mark} ${r.what.padEnd(width)}  ${r.figure}  (${r.target})`);
  }
  if (rows.some((r) => r.ok === false)) process.exitCode = 1;
}

await main();
