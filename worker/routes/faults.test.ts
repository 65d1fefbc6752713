// Faults of what the app stands on: a locked database, a database server that is gone, an
// object store that fills up or fails. The client gets a clear 503 or 507 (worker/outages.ts),
// nothing is half-written, nothing is acknowledged that is not stored, and the same request
// succeeds once the fault is gone.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import type { ObjectStore } from '../ports.ts';
import { capturingLogger } from '../testing/captured-logs.ts';
import { buildApplication, postSubmission, uploadDocument } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { changedTables, tableStates } from '../testing/row-counts.ts';
import {
  freePort,
  type Started,
  sqldBinary,
  start,
  stopAll,
  waitUntilServing,
} from '../testing/smoke-processes.ts';

afterAll(() => stopAll());

const UNAVAILABLE = {
  error: {
    code: 'service_unavailable',
    message:
      'The service is briefly unavailable, so nothing was saved. Please try again in a minute.',
  },
};
const FULL = {
  error: {
    code: 'insufficient_storage',
    message:
      'The server has run out of storage space, so nothing was saved. Please try again later.',
  },
};

/** What a submission writes; a refused one must leave all of it as it was. */
const SUBMISSION_TABLES = [
  'practitioners',
  'submissions',
  'documents',
  'consent_records',
  'medical_aid_statuses',
  'status_events',
  'audit_logs',
  'idempotency_keys',
  'mail_outbox',
  'upload_tickets',
];

async function expectNothingWritten(t: TestApp, before: Awaited<ReturnType<typeof tableStates>>) {
  const changed = changedTables(before, await tableStates(t.deps.db));
  expect(changed.filter((table) => SUBMISSION_TABLES.includes(table))).toEqual([]);
}

describe('the database', () => {
  it('answers 503 while another process holds the write lock, writes nothing, and accepts the retry', async () => {
    const logs = capturingLogger();
    const t = await createTestApp({ logger: logs.logger });
    try {
      const payload = await buildApplication(t);
      const before = await tableStates(t.deps.db);
      const other = createClient({ url: `file:${join(t.dataDir, 'portal.db')}` });
      const lock = await other.transaction('write');
      await lock.execute("UPDATE rate_limits SET count = count WHERE bucket = 'none'");
      let res: Response;
      try {
        // Waits out the busy timeout (5 s) first.
        res = await postSubmission(t, payload);
      } finally {
        await lock.rollback();
        other.close();
      }
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('30');
      expect(await res.json()).toEqual(UNAVAILABLE);
      await expectNothingWritten(t, before);
      const retried = await postSubmission(t, payload);
      expect(retried.status, logs.lines.join('\n')).toBe(201);
    } finally {
      await t.dispose();
    }
  }, 30_000);

  it('answers 503 while the database server is gone and recovers when it is back', async () => {
    const dbPath = await mkdtemp(join(tmpdir(), 'portal-sqld-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const startSqld = async (): Promise<Started> => {
      const sqld = start(
        'sqld',
        sqldBinary(),
        [
          '--db-path',
          join(dbPath, 'db'),
          '--http-listen-addr',
          `127.0.0.1:${port}`,
          '--no-welcome',
        ],
        { PATH: process.env.PATH, HOME: dbPath, RUST_LOG: 'warn' },
      );
      await waitUntilServing(sqld, `${url}/health`, 15_000);
      return sqld;
    };
    let sqld = await startSqld();
    const t = await createTestApp({ env: { DATABASE_URL: url } });
    try {
      const payload = await buildApplication(t);
      sqld.child.kill('SIGKILL');
      await new Promise((done) => sqld.child.once('exit', done));

      const res = await postSubmission(t, payload);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual(UNAVAILABLE);
      const lookup = await t.request('/api/lookup', {
        method: 'POST',
        json: { identifier: '1234567', identifierType: 'practice_number' },
      });
      expect(lookup.status).toBe(503);

      sqld = await startSqld();
      const retried = await postSubmission(t, payload);
      expect(retried.status).toBe(201);
      const counts = await tableStates(t.deps.db);
      expect(counts.submissions!.rows).toBe(1);
      expect(counts.documents!.rows).toBe(payload.documents.length);
    } finally {
      await t.dispose();
      await rm(dbPath, { recursive: true, force: true });
    }
  }, 60_000);
});

/** An error as Node's fs or fetch raises it, with its code. */
function coded(code: string): Error {
  return Object.assign(new Error(`simulated ${code}`), { code });
}

describe('the object store', () => {
  it('answers 507 when the disk fills during an upload, keeps no partial object, and the submission is refused', async () => {
    const t = await createTestApp();
    const real = t.deps.store;
    let writtenKey = '';
    // The real store receives the first bytes, then the disk is full.
    const full: ObjectStore = {
      ...real,
      put(key, body, options) {
        writtenKey = key;
        let sent = false;
        const failing = body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              if (sent) throw coded('ENOSPC');
              sent = true;
              controller.enqueue(chunk.subarray(0, Math.ceil(chunk.byteLength / 2)));
              throw coded('ENOSPC');
            },
          }),
        );
        return real.put(key, failing, options);
      },
    };
    try {
      const payload = await buildApplication(t);
      t.deps.store = full;
      const error = await uploadDocument(t, 'certified_id').catch((e: Error) => e);
      expect(String(error)).toMatch(/^Error: PUT certified_id: 507 /);
      expect(JSON.parse(String(error).replace(/^[^{]*/, ''))).toEqual(FULL);
      expect(await real.head(writtenKey)).toBeNull();
      t.deps.store = real;

      // The practitioner's app sends the document it believes uploaded: refused, not stored.
      const before = await tableStates(t.deps.db);
      const lost = payload.documents.map((d, i) =>
        i === 0
          ? { ...d, url: d.url.replace(/\/api\/storage\/[^?]+/, `/api/storage/${writtenKey}`) }
          : d,
      );
      const res = await postSubmission(t, { ...payload, documents: lost });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      await expectNothingWritten(t, before);
    } finally {
      t.deps.store = real;
      await t.dispose();
    }
  });

  it('answers 503 when the store cannot be reached at submit time, writes nothing, and accepts the retry', async () => {
    const t = await createTestApp();
    const real = t.deps.store;
    const unreachable = (): never => {
      throw new TypeError('fetch failed', { cause: coded('ECONNRESET') });
    };
    try {
      const payload = await buildApplication(t);
      const before = await tableStates(t.deps.db);
      t.deps.store = { ...real, head: unreachable, readStart: unreachable, get: unreachable };
      const res = await postSubmission(t, payload);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual(UNAVAILABLE);
      await expectNothingWritten(t, before);
      t.deps.store = real;
      expect((await postSubmission(t, payload)).status).toBe(201);
    } finally {
      t.deps.store = real;
      await t.dispose();
    }
  });
});
