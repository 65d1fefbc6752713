// SIGKILL in the middle of a batch of submissions: the real Node server takes
// concurrent submissions and is killed after the first answer. After a restart on the same
// DATA_DIR every acknowledged submission is complete, no submission is half-written, and a
// client sending an unanswered submission again (same Idempotency-Key) gets it accepted once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import type { SubmitRequest } from '../schema/submission-api.ts';
import { buildApplication } from './testing/fixtures.ts';
import type { TestApp } from './testing/harness.ts';
import {
  freePort,
  ROOT,
  type Started,
  start,
  stopAll,
  waitUntilServing,
} from './testing/smoke-processes.ts';

const BATCH = 24;
let dataDir = '';
afterAll(async () => {
  await stopAll();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startServer(port: number): Promise<Started> {
  const server = start(
    'node server',
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'worker/node.ts'],
    {
      PATH: process.env.PATH,
      HOME: dataDir,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      NOTIFY_DELAY_SECONDS: '0',
      UPLOAD_RATE_LIMIT: '100000',
      SUBMIT_RATE_LIMIT: '100000',
      // 24 applications built at once from one client: their 72 tickets, pending at their full
      // allowance until the bytes arrive, would pass the per-client budget on a slow machine.
      UPLOAD_BUDGET_MB: '1000000',
    },
  );
  await waitUntilServing(server, `http://127.0.0.1:${port}/api/health`, 30_000);
  return server;
}

/** The fixtures' request helper, over HTTP to the running server instead of in process. */
function overHttp(origin: string): TestApp {
  const request = (path: string, init: RequestInit & { json?: unknown; client?: string } = {}) => {
    const { json, client: _client, ...rest } = init;
    const headers = new Headers(init.headers);
    headers.set('Origin', origin);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    return fetch(path.startsWith('http') ? path : `${origin}${path}`, {
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : init.body,
    });
  };
  return { request } as unknown as TestApp;
}

function submit(origin: string, payload: SubmitRequest, key: string) {
  return fetch(`${origin}/api/submissions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, 'Idempotency-Key': key },
    body: JSON.stringify(payload),
  });
}

describe('a server killed during a batch of submissions', () => {
  it('keeps every acknowledged submission whole and none half-written', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-crash-'));
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    let server = await startServer(port);
    const http = overHttp(origin);
    const batch = await Promise.all(
      Array.from({ length: BATCH }, async () => ({
        payload: await buildApplication(http),
        key: crypto.randomUUID(),
      })),
    );

    const acknowledged: string[] = [];
    let killed!: () => void;
    const firstAnswer = new Promise<void>((resolve) => {
      killed = resolve;
    });
    const send = ({ payload, key }: (typeof batch)[number]) =>
      submit(origin, payload, key)
        .then(async (res) => {
          if (res.status === 201)
            acknowledged.push(((await res.json()) as { trackingToken: string }).trackingToken);
          killed();
        })
        .catch(() => {
          // The connection died with the server: not acknowledged.
        });
    // Most of the batch at once; the rest goes out at the first answer, right before the kill,
    // so some submissions are surely unanswered however fast the server is or slow this side.
    const sent = batch.slice(0, BATCH - 4).map(send);
    await firstAnswer;
    sent.push(...batch.slice(BATCH - 4).map(send));
    process.kill(-server.child.pid!, 'SIGKILL');
    await Promise.all(sent);
    // Killed during the batch: some were answered, some were not.
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeLessThan(BATCH);

    server = await startServer(port);
    // Every acknowledged submission is there, whole, as its practitioner tracks it.
    for (const token of acknowledged) {
      const res = await fetch(`${origin}/api/submissions/${token}`);
      expect(res.status).toBe(200);
    }
    // Every submission in the file, acknowledged or not, has all its parts.
    const db = createClient({ url: `file:${join(dataDir, 'portal.db')}` });
    try {
      const partial = await db.execute(`
        SELECT s.id FROM submissions s
        WHERE (SELECT count(*) FROM documents d WHERE d.submission_id = s.id) = 0
           OR (SELECT count(*) FROM consent_records c WHERE c.submission_id = s.id) = 0
           OR (SELECT count(*) FROM medical_aid_statuses m WHERE m.submission_id = s.id) = 0
           OR (SELECT count(*) FROM status_events e WHERE e.submission_id = s.id) = 0`);
      expect(partial.rows).toEqual([]);
      const orphans = await db.execute(
        'SELECT count(*) AS n FROM documents WHERE submission_id NOT IN (SELECT id FROM submissions)',
      );
      expect(Number(orphans.rows[0]!.n)).toBe(0);
    } finally {
      db.close();
    }

    // The clients that got no answer send again with the same key: each is stored exactly once.
    const answers = await Promise.all(
      batch.map(({ payload, key }) => submit(origin, payload, key)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(BATCH).fill(201));
    const tokens = await Promise.all(
      answers.map(async (res) => ((await res.json()) as { trackingToken: string }).trackingToken),
    );
    expect(new Set(tokens).size).toBe(BATCH);
    for (const token of acknowledged) expect(tokens).toContain(token);
    const count = createClient({ url: `file:${join(dataDir, 'portal.db')}` });
    try {
      const rows = await count.execute('SELECT count(*) AS n FROM submissions');
      expect(Number(rows.rows[0]!.n)).toBe(BATCH);
    } finally {
      count.close();
    }
  }, 120_000);
});
