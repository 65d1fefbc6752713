// Row: the database round trips one API call costs on the Workers target, where each is an
// HTTPS request from the Worker to Turso (tens of ms across regions, unlike a local file).
// `npm run start:workers` runs with a counting proxy between the Worker and sqld; each call is
// made alone, three times, and the least count is kept (the minute cron may query meanwhile).
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApplication, postSubmission } from '../worker/testing/fixtures.ts';
import type { TestApp } from '../worker/testing/harness.ts';
import { startTarget } from '../worker/testing/http-targets.ts';
import { freePort } from '../worker/testing/smoke-processes.ts';
import type { Row } from './table.ts';

const REPEATS = 3;

/** An HTTP proxy to sqld that counts the requests passing through. */
async function countingProxy(sqldPort: number) {
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: sqldPort,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => count,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export async function workersRoundTripRows(): Promise<Row[]> {
  const sqldPort = await freePort();
  const proxy = await countingProxy(sqldPort);
  const target = await startTarget('workers', {
    SQLD_PORT: String(sqldPort),
    WORKERS_DATABASE_URL: proxy.url,
  });
  try {
    const app = { request: target.request } as TestApp;
    /** The fewest round trips `call` made over REPEATS tries; prepare runs uncounted. */
    async function roundTrips<T>(
      prepare: () => Promise<T>,
      call: (input: T) => Promise<Response> | Response,
    ) {
      let least = Number.POSITIVE_INFINITY;
      for (let i = 0; i < REPEATS; i++) {
        const input = await prepare();
        const before = proxy.count();
        const res = await call(input);
        const body = await res.text();
        if (!res.ok) throw new Error(`${res.url}: ${res.status} ${body.slice(0, 200)}`);
        least = Math.min(least, proxy.count() - before);
      }
      return least;
    }
    // Warm: the isolate's one schema check happens here, not in a measured call.
    const first = await postSubmission(app, await buildApplication(app));
    const { trackingToken } = (await first.json()) as { trackingToken: string };

    const tracking = await roundTrips(
      async () => null,
      () => target.request(`/api/submissions/${trackingToken}`),
    );
    const ticket = await roundTrips(
      async () => null,
      () =>
        target.request('/api/objects/upload', {
          method: 'POST',
          json: {
            filename: `certified_id_${Date.now()}`,
            size: 1024,
            contentType: 'application/pdf',
          },
        }),
    );
    const submit = await roundTrips(
      () => buildApplication(app),
      (payload) => postSubmission(app, payload),
    );
    const health = await roundTrips(
      async () => null,
      () => target.request('/api/health'),
    );
    return [
      {
        what: 'Workers: database round trips per call',
        figure: `tracking GET ${tracking}, upload ticket ${ticket}, submit ${submit}, health ${health}`,
        floor: 'one statement: 1',
        ratio: '',
        target: 'tracking GET 1; ticket and submit as few as the transaction allows',
        met: tracking === 1,
        values: { tracking, ticket, submit, health },
      },
    ];
  } finally {
    await target.stop();
    await proxy.close();
  }
}
