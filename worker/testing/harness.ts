// API test harness: the real app on a real libSQL file and disk store in a temporary
// DATA_DIR, driven in-process with app.request. No mocks of the database or the store.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../deps.ts';
import { openEmbedded, silentLogger } from '../embedded.ts';
import type { Clock } from '../ports.ts';

const TEST_ORIGIN = 'http://localhost:8787';

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-01-15T08:00:00Z')) {
  let now = start.getTime();
  const clock: Clock & { advance(ms: number): void; set(date: Date): void } = {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (date) => {
      now = date.getTime();
    },
  };
  return clock;
}

type TestAppOptions = {
  env?: Record<string, string>;
  clock?: Clock;
  dataDir?: string;
  /** Defaults to silence; pass a capturing logger to assert what gets logged. */
  logger?: Logger;
};

export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'portal-test-')));
  const env = { DATA_DIR: dataDir, PUBLIC_ORIGIN: TEST_ORIGIN, ...options.env };
  const embedded = await openEmbedded({
    env,
    clock: options.clock,
    logger: options.logger ?? silentLogger,
  });

  // Work handed to keepRunning (mail after the answer), as Workers' waitUntil would get it.
  const pending = new Set<Promise<unknown>>();
  const executionCtx = {
    waitUntil(work: Promise<unknown>) {
      const tracked = work.finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    passThroughOnException() {},
    props: {},
  };

  /**
   * A request as a browser on our own origin would send it; client is the address of the
   * socket it comes from (as @hono/node-server would report it), none by default.
   */
  function request(path: string, init: RequestInit & { json?: unknown; client?: string } = {}) {
    const { client, json, ...rest } = init;
    const headers = new Headers(init.headers);
    let body = init.body;
    if (json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(json);
    }
    const method = (init.method ?? 'GET').toUpperCase();
    if (!['GET', 'HEAD'].includes(method) && !headers.has('Origin'))
      headers.set('Origin', TEST_ORIGIN);
    const url = path.startsWith('http') ? path : `${TEST_ORIGIN}${path}`;
    const socket =
      client === undefined ? undefined : { incoming: { socket: { remoteAddress: client } } };
    return embedded.app.request(url, { ...rest, method, headers, body }, socket, executionCtx);
  }

  /** Waits for the work the app went on with after its answers (keepRunning). */
  async function settled() {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  }

  return {
    ...embedded,
    env,
    request,
    settled,
    /** Closes the database but keeps DATA_DIR, as a server stop would. */
    async stop() {
      embedded.close();
    },
    /** Closes the database and removes DATA_DIR. */
    async dispose() {
      // Mail sent after an answer may still be writing into DATA_DIR. Not waited for without
      // end: a notice dispatch waits out NOTIFY_DELAY_SECONDS (two minutes by default).
      await Promise.race([settled(), new Promise((resolve) => setTimeout(resolve, 1000))]);
      embedded.close();
      // A write that began meanwhile makes rmdir fail with ENOTEMPTY once: retried.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
