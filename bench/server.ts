// The production Node entry (tsx worker/node.ts) in a child process on a loopback port with a
// fresh DATA_DIR, as `npm start` runs it after the build. Row 6 is its cold start.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ms, type Row } from './table.ts';

export const PORT = Number(process.env.BENCH_PORT ?? 8851);
export const ORIGIN = `http://127.0.0.1:${PORT}`;

export type BenchServer = {
  child: ChildProcess;
  dataDir: string;
  coldStartMs: number;
  origin: string;
};

/** Starts the server and times spawn → first 200 from /api/health (migrations included). */
export async function startServer(
  extraEnv: Record<string, string> = {},
  port = PORT,
): Promise<BenchServer> {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-'));
  const started = performance.now();
  const child = spawn('node_modules/.bin/tsx', ['worker/node.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      // The API rows measure the handlers, not the per-client limits.
      LOOKUP_RATE_LIMIT: '100000000',
      UPLOAD_RATE_LIMIT: '100000000',
      SUBMIT_RATE_LIMIT: '100000000',
      UPLOAD_BUDGET_MB: '100000000',
      PUBLIC_ORIGIN: origin,
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (performance.now() - started < 60_000) {
    if (exited) throw new Error(`the server exited during start (port ${port} taken?)`);
    const ok = await fetch(`${origin}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return { child, dataDir, coldStartMs: performance.now() - started, origin };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not answer /api/health within 60 s');
}

export async function stopServer(server: BenchServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/**
 * The process that runs the server: tsx starts the script in a child node process, so the
 * memory to watch is the child's, not tsx's own (Linux /proc).
 */
export async function serverPid(server: BenchServer): Promise<number> {
  const tsx = server.child.pid!;
  const children = await readFile(`/proc/${tsx}/task/${tsx}/children`, 'utf8').catch(() => '');
  return Number(children.trim().split(/\s+/)[0]) || tsx;
}

/** Resident memory of a process, from /proc (Linux). */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

export function coldStartRow(server: BenchServer): Row {
  return {
    what: 'cold start: tsx worker/node.ts, fresh DATA_DIR → first 200 /api/health',
    figure: ms(server.coldStartMs),
    floor: '',
    ratio: '',
    target: '',
    met: null,
    values: { ms: server.coldStartMs },
  };
}
