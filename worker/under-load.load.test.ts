// `npm run test:load`: 200 practitioners at once against the real Node server on loopback for
// a minute (LOAD_SECONDS), each uploading, submitting and following their application from an
// address of its own behind one proxy (TRUST_PROXY=1), while one more client hammers the status
// lookup. Afterwards: no answer other than the intended 429s, every acknowledged submission
// and every stored file counted in the database and the store (nothing lost, nothing extra),
// and the server's memory level in the second half of the run.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpTarget, startTarget } from './testing/http-targets.ts';
import { lookupStorm, newTally, practitioner, type Tally } from './testing/load-clients.ts';
import { groupResidentBytes } from './testing/process-memory.ts';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const LOOKUP_LIMIT = 10;

let target: HttpTarget;
beforeAll(async () => {
  target = await startTarget('node', {
    TRUST_PROXY: '1',
    LOOKUP_RATE_LIMIT: String(LOOKUP_LIMIT),
    // The product's limit: each application comes from an address of its own (a practitioner
    // applies once), so none is refused; a 429 to a submission fails the run like any other
    // fault. A client sends more than 20 in the minute when the machine is quick.
    SUBMIT_RATE_LIMIT: '20',
  });
}, 120_000);
afterAll(() => target?.stop());

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  0;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

async function filesUnder(dir: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const name of await readdir(dir, { recursive: true })) {
    if (name.endsWith('.meta.json')) continue;
    const info = await stat(join(dir, name));
    if (info.isFile()) sizes.set(name, info.size);
  }
  return sizes;
}

function report(tally: Tally, memory: number[], storm: number[]) {
  const lines = Object.entries(tally.answers).map(([op, statuses]) => {
    const times = tally.millis[op as keyof Tally['millis']];
    return `${op.padEnd(7)} ${JSON.stringify(statuses)} p50 ${median(times).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms`;
  });
  console.log(
    [
      `${CLIENTS} practitioners for ${SECONDS} s: ${tally.submitted.length} submissions acknowledged`,
      ...lines,
      `lookup storm: ${storm.length} attempts, ${storm.filter((s) => s === 429).length} limited`,
      `server memory: ${memory.map(mb).join(' ')}`,
    ].join('\n'),
  );
}

describe('the server under load', () => {
  it(
    `serves ${CLIENTS} practitioners at once with no error, loses nothing, and holds its memory`,
    async () => {
      const tally = newTally();
      const memory: number[] = [];
      const until = Date.now() + SECONDS * 1000;
      const sampler = setInterval(() => {
        void groupResidentBytes(target.pid).then((bytes) => memory.push(bytes));
      }, 1000);
      const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const [storm] = await Promise.all([
        lookupStorm(target, '192.0.2.66', until, tally),
        ...Array.from({ length: CLIENTS }, (_, i) =>
          practitioner(target, (n) => address(n * CLIENTS + i + 1), until, tally),
        ),
      ]);
      clearInterval(sampler);
      report(tally, memory, storm);

      // No error at all: every request got the answer it should.
      expect(tally.faults).toEqual([]);
      expect(tally.submitted.length).toBeGreaterThan(CLIENTS);
      // The only 429s are the storm's, once its limit was spent (a window may turn once).
      expect(storm.filter((s) => s !== 429).length).toBeLessThanOrEqual(2 * LOOKUP_LIMIT);
      expect(storm.slice(0, LOOKUP_LIMIT)).not.toContain(429);
      expect(storm.filter((s) => s === 429).length).toBeGreaterThan(0);
      const practitionerLookups = tally.answers.lookup[200] ?? 0;
      expect(practitionerLookups).toBe(CLIENTS);

      // Nothing lost, nothing extra: the database has exactly the acknowledged submissions, each
      // whole, and the store exactly their files at their sizes.
      const db = createClient({ url: `file:${join(target.dataDir, 'portal.db')}` });
      try {
        const submissions = await db.execute(
          `SELECT s.tracking_token AS token,
           (SELECT count(*) FROM consent_records c WHERE c.submission_id = s.id) AS consents,
           (SELECT count(*) FROM medical_aid_statuses m WHERE m.submission_id = s.id) AS schemes,
           (SELECT json_group_array(json_object('key', d.object_key, 'size', d.file_size))
              FROM documents d WHERE d.submission_id = s.id) AS documents
         FROM submissions s`,
        );
        expect(submissions.rows.length).toBe(tally.submitted.length);
        const byToken = new Map(submissions.rows.map((row) => [String(row.token), row]));
        const stored = await filesUnder(join(target.dataDir, 'store', 'objects'));
        let files = 0;
        for (const { token, documents } of tally.submitted) {
          const row = byToken.get(token);
          expect(row, token).toBeDefined();
          expect(Number(row!.consents)).toBe(1);
          expect(Number(row!.schemes)).toBeGreaterThan(0);
          const rows = JSON.parse(String(row!.documents)) as { key: string; size: number }[];
          expect(rows.map((d) => d.size).sort()).toEqual(documents.map((d) => d.size).sort());
          for (const d of rows) expect(stored.get(d.key), d.key).toBe(d.size);
          files += rows.length;
        }
        expect(stored.size).toBe(files);
      } finally {
        db.close();
      }

      // Memory holds: the last quarter of the run sits at the level of the second quarter.
      const quarter = Math.floor(memory.length / 4);
      const settled = median(memory.slice(quarter, 2 * quarter));
      const last = median(memory.slice(3 * quarter));
      expect(last).toBeLessThanOrEqual(settled * 1.2 + 24 * 2 ** 20);
    },
    (SECONDS + 240) * 1000,
  );
});
