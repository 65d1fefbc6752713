// Row 3: the API on loopback under autocannon (10 connections, 5 s each), beside a constant
// JSON route in the same process and the database floor: one indexed SELECT through the same
// libSQL client, run here in the bench process against the server's own database file.
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import autocannon, { type Result } from 'autocannon';
import { buildApplication, postSubmission, saIdNumber } from '../worker/testing/fixtures.ts';
import type { TestApp } from '../worker/testing/harness.ts';
import { ORIGIN } from './server.ts';
import { percent, type Row } from './table.ts';

const CONNECTIONS = 10;
const SECONDS = 5;
const SUBMISSIONS = 150;
const JSON_POST = { 'Content-Type': 'application/json', Origin: ORIGIN };

/** The fixtures' in-process client, pointed at a running server over loopback. */
export const httpClientFor = (origin: string) =>
  ({
    request(path: string, init: RequestInit & { json?: unknown } = {}) {
      const headers = new Headers(init.headers);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(init.json);
      }
      if (init.method && init.method !== 'GET') headers.set('Origin', origin);
      return fetch(path.startsWith('http') ? path : `${origin}${path}`, { ...init, headers, body });
    },
  }) as unknown as TestApp;

export const httpClient = httpClientFor(ORIGIN);

type Load = { rps: number; p50: number; p99: number; failed: number };

const fromResult = (r: Result): Load => ({
  rps: r.requests.total / r.duration,
  p50: r.latency.p50,
  p99: r.latency.p99,
  failed: r.non2xx + r.errors,
});

const summary = (l: Load) =>
  `${l.rps.toFixed(0)} req/s, p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms${l.failed ? `, ${l.failed} failed` : ''}`;

/** One indexed SELECT at a time per loop, CONNECTIONS loops, for SECONDS. */
async function databaseFloor(dataDir: string): Promise<Load> {
  const client = createClient({ url: `file:${join(dataDir, 'portal.db')}` });
  try {
    const token = (await client.execute('SELECT tracking_token FROM submissions LIMIT 1')).rows[0]!
      .tracking_token as string;
    const latencies: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          await client.execute({
            sql: 'SELECT * FROM submissions WHERE tracking_token = ?',
            args: [token],
          });
          latencies.push(performance.now() - t0);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.floor(latencies.length * q)] ?? 0;
    return { rps: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99), failed: 0 };
  } finally {
    client.close();
  }
}

/** Valid applications with their documents uploaded, ten at a time. */
async function prepareApplications(count: number) {
  const payloads: Awaited<ReturnType<typeof buildApplication>>[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) =>
      buildApplication(httpClient, {
        // Distinct practitioners: concurrent submits of one ID number would race on its row.
        practitioner: { idNumber: saIdNumber('800101', String(1000 + i + j)) },
      }),
    );
    payloads.push(...(await Promise.all(batch)));
  }
  return payloads;
}

export type ApiFigures = { rows: Row[]; trackingToken: string };

export async function apiRows(dataDir: string): Promise<ApiFigures> {
  const first = await buildApplication(httpClient);
  const created = await postSubmission(httpClient, first);
  if (created.status !== 201) throw new Error(`submit: ${created.status} ${await created.text()}`);
  const { trackingToken } = (await created.json()) as { trackingToken: string };
  const practiceNumber = (first.submission as { practiceNumber: string }).practiceNumber;

  const run = async (options: Parameters<typeof autocannon>[0]) =>
    fromResult(await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }));
  const health = await run({ url: `${ORIGIN}/api/health` });
  const floor = await databaseFloor(dataDir);
  const tracking = await run({ url: `${ORIGIN}/api/submissions/${trackingToken}` });
  const lookup = await run({
    url: `${ORIGIN}/api/lookup`,
    method: 'POST',
    headers: JSON_POST,
    body: JSON.stringify({ identifier: practiceNumber, identifierType: 'practice_number' }),
  });
  const bodies = (await prepareApplications(SUBMISSIONS)).map((p) => JSON.stringify(p));
  let next = 0;
  const submit = await run({
    url: ORIGIN,
    amount: bodies.length,
    requests: [
      {
        method: 'POST',
        path: '/api/submissions',
        headers: JSON_POST,
        setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
      },
    ],
  });

  const info = (what: string, l: Load): Row => ({
    what,
    figure: summary(l),
    floor: '',
    ratio: '',
    target: '',
    met: null,
    values: { ...l },
  });
  const rows: Row[] = [
    info('GET /api/health (constant JSON, same server)', health),
    info('DB floor: indexed SELECT, same libSQL client, in the bench process', floor),
    {
      what: 'GET /api/submissions/:token (tracking)',
      figure: summary(tracking),
      floor: `${floor.rps.toFixed(0)} req/s DB floor`,
      ratio: percent(tracking.rps, floor.rps),
      target: '>= 50 % of DB floor, p99 <= 30 ms',
      met: tracking.rps >= floor.rps / 2 && tracking.p99 <= 30 && tracking.failed === 0,
      values: { ...tracking },
    },
    {
      what: 'POST /api/lookup',
      figure: summary(lookup),
      floor: `${health.rps.toFixed(0)} req/s /api/health`,
      ratio: percent(lookup.rps, health.rps),
      target: '>= 300 req/s',
      met: lookup.rps >= 300 && lookup.failed === 0,
      values: { ...lookup },
    },
    {
      what: `POST /api/submissions (${SUBMISSIONS}, 3 stored files each)`,
      figure: summary(submit),
      floor: `${health.rps.toFixed(0)} req/s /api/health`,
      ratio: percent(submit.rps, health.rps),
      target: 'p99 <= 250 ms',
      met: submit.p99 <= 250 && submit.failed === 0,
      values: { ...submit },
    },
  ];
  return { rows, trackingToken };
}
