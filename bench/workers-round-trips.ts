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

/**
 * Work that is not the call's own: the outbox delivering a message after the answer (a select
 * and an update of mail_outbox, in waitUntil) and the notice cron's round (start:workers runs
 * it every 2 s here). Counted apart, so the figure does not depend on which lands first.
 */
function besideTheCall(body: string): 'mail' | 'cron' | null {
  if (/insert into/i.test(body)) return null;
  if (body.includes('\\"mail_outbox\\"')) return 'mail';
  if (body.includes('\\"practitioner_notices\\"')) return 'cron';
  return null;
}

/** An HTTP proxy to sqld that counts the requests passing through. */
async function countingProxy(sqldPort: number) {
  const counts = { call: 0, mail: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const beside = besideTheCall(body.toString());
      if (beside === null) counts.call++;
      else if (beside === 'mail') counts.mail++;
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
      upstream.end(body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts: () => ({ ...counts }),
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
    /**
     * The fewest round trips `call` made over REPEATS tries (prepare runs uncounted), and the
     * mail delivery it started after its answer (counted once the proxy is quiet again).
     */
    async function roundTrips<T>(
      prepare: () => Promise<T>,
      call: (input: T) => Promise<Response> | Response,
    ) {
      let least = Number.POSITIVE_INFINITY;
      let mail = 0;
      for (let i = 0; i < REPEATS; i++) {
        const input = await prepare();
        const before = proxy.counts();
        const res = await call(input);
        const body = await res.text();
        if (!res.ok) throw new Error(`${res.url}: ${res.status} ${body.slice(0, 200)}`);
        await settled();
        const after = proxy.counts();
        least = Math.min(least, after.call - before.call);
        mail = after.mail - before.mail;
      }
      return { least, mail };
    }
    /** Waits until the proxy has seen nothing of the call's for a while (its waitUntil work). */
    async function settled() {
      for (let last = -1; ; ) {
        const now = proxy.counts();
        const seen = now.call + now.mail;
        if (seen === last) return;
        last = seen;
        await new Promise((done) => setTimeout(done, 500));
      }
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
    // As the wizard sends it: with its application id and an Idempotency-Key.
    const wizardSubmit = await roundTrips(
      () => buildApplication(app),
      (payload) =>
        postSubmission(app, payload, {
          'Application-Id': crypto.randomUUID(),
          'Idempotency-Key': crypto.randomUUID(),
        }),
    );
    const health = await roundTrips(
      async () => null,
      () => target.request('/api/health'),
    );
    const values = {
      tracking: tracking.least,
      ticket: ticket.least,
      submit: submit.least,
      wizardSubmit: wizardSubmit.least,
      submitMailAfterAnswer: submit.mail,
      health: health.least,
    };
    return [
      {
        what: 'Workers: database round trips per call',
        figure:
          `tracking GET ${values.tracking}, upload ticket ${values.ticket}, submit ${values.submit} ` +
          `(${values.wizardSubmit} with Application-Id and Idempotency-Key; then ` +
          `${values.submitMailAfterAnswer} delivering its mail after the answer), health ${values.health}`,
        floor: 'one statement: 1',
        ratio: '',
        // As few as the transaction allows (docs/architecture.md, Known gaps on Cloudflare).
        target: 'tracking GET 1; upload ticket 2; submit 3, with or without the headers',
        met:
          values.tracking === 1 &&
          values.ticket <= 2 &&
          values.submit <= 3 &&
          values.wizardSubmit <= 3,
        values,
      },
    ];
  } finally {
    await target.stop();
    await proxy.close();
  }
}
