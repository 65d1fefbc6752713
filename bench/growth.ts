// The growth rows: every staff and public read against a server holding 1,000 applications and
// one holding 100,000 (seeded the same way by growth-seed.ts), measured in alternating one-second
// rounds so the shared machine's load falls on both alike; the ratio between the two, and the
// tracking GET while one staff member's search runs in a loop. The second server listens on
// BENCH_PORT + 1. Run alone with `BENCH_ONLY=growth npm run bench` (no build needed).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import autocannon, { type Options } from 'autocannon';
import { totpCode } from '../worker/crypto/totp.ts';
import {
  multiplyTo,
  prepareColumns,
  REAL,
  type RealApplication,
  seedRealApplications,
} from './growth-seed.ts';
import { reminderRunRows } from './reminder-run.ts';
import { type BenchServer, PORT, startServer, stopServer } from './server.ts';
import { type Row, times } from './table.ts';

export const GROWTH_STAFF = {
  ADMIN_EMAIL: 'bench@bureau.co.za',
  ADMIN_PASSWORD: 'Kestrel figures 94 under a lamp of Umtata',
  ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_GROWTH_LARGE ?? 100_000);
/** BENCH_GROWTH_ONLY=expiring: only the reads whose name holds it (a helper's own rows). */
const ONLY = process.env.BENCH_GROWTH_ONLY;
/** Alternating rounds per read and size, one second each. */
const ROUNDS = 5;

type Load = { mean: number; p50: number; p99: number; rps: number; failed: number };
type Read = {
  name: string;
  options: (real: RealApplication) => Partial<Options> & { path?: string };
};
/** One seeded server: its origin, a staff session and the real application measured. */
type Sized = { size: number; origin: string; cookie: string; measured: RealApplication };

async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({
      email: GROWTH_STAFF.ADMIN_EMAIL,
      password: GROWTH_STAFF.ADMIN_PASSWORD,
      totp: totpCode(GROWTH_STAFF.ADMIN_TOTP_SECRET, new Date()),
    }),
  });
  if (res.status !== 200) throw new Error(`staff sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const lookup = (origin: string, identifier: string, identifierType: string) => ({
  method: 'POST' as const,
  headers: { 'Content-Type': 'application/json', Origin: origin },
  body: JSON.stringify({ identifier, identifierType }),
});

/** The reads, each for one seeded server. E-mail fragment: a piece of the local part. */
function reads(s: Sized): Read[] {
  const staff = (path: string) => ({ path, headers: { Cookie: s.cookie } });
  const list = (q: string) => staff(`/api/admin/submissions?q=${encodeURIComponent(q)}`);
  const all: Read[] = [
    { name: 'tracking GET', options: (r) => ({ path: `/api/submissions/${r.token}` }) },
    {
      name: 'lookup by practice number',
      options: (r) => ({
        path: '/api/lookup',
        ...lookup(s.origin, r.practiceNumber, 'practice_number'),
      }),
    },
    {
      name: 'lookup by ID number',
      options: (r) => ({ path: '/api/lookup', ...lookup(s.origin, r.idNumber, 'id_number') }),
    },
    { name: 'first list page', options: () => staff('/api/admin/submissions') },
    { name: 'search by surname', options: (r) => list(r.surname.toLowerCase()) },
    {
      name: 'search by e-mail fragment',
      options: (r) => list(r.email.slice(2, r.email.indexOf('@'))),
    },
    { name: 'search by reference', options: (r) => list(r.reference) },
    { name: 'stats', options: () => staff('/api/admin/stats') },
    // The work queue pages through every open enrolment, its scheme filter from all (issue 40).
    { name: 'work queue first page', options: () => staff('/api/admin/enrolments') },
    {
      name: 'work queue, one scheme',
      options: () => staff('/api/admin/enrolments?schemeKey=bankmed'),
    },
    { name: 'detail view', options: (r) => staff(`/api/admin/submissions/${r.submissionId}`) },
    // The desk's documents near their end (issue 38): walked by the good-until index.
    {
      name: 'expiring documents view',
      options: () => staff('/api/admin/document-validity/expiring'),
    },
  ];
  return all.filter((read) => !ONLY || read.name.includes(ONLY));
}

async function measure(
  origin: string,
  options: Partial<Options> & { path?: string },
  connections = 1,
  duration = 1,
): Promise<Load> {
  const { path = '/', ...rest } = options;
  const r = await autocannon({ url: `${origin}${path}`, connections, duration, ...rest });
  return {
    mean: r.latency.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.total / r.duration,
    failed: r.non2xx + r.errors,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Rounds folded into one figure: the median of each measure, failures summed. */
const folded = (rounds: Load[]): Load => ({
  mean: median(rounds.map((r) => r.mean)),
  p50: median(rounds.map((r) => r.p50)),
  p99: median(rounds.map((r) => r.p99)),
  rps: median(rounds.map((r) => r.rps)),
  failed: rounds.reduce((sum, r) => sum + r.failed, 0),
});

/** One read, ROUNDS one-second rounds on each server in turn (one connection: its own cost). */
async function alternating(pair: Sized[], read: (s: Sized) => Read) {
  const rounds: Load[][] = pair.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, s] of pair.entries()) {
      rounds[i]!.push(await measure(s.origin, read(s).options(s.measured)));
    }
  }
  return rounds.map(folded);
}

/** The tracking GET (10 connections, 3 s) while one client runs the surname search back to back. */
async function trackingBesideSearch(s: Sized): Promise<Load & { searches: number }> {
  let searching = true;
  let searches = 0;
  const loop = (async () => {
    while (searching) {
      const q = s.measured.surname.toLowerCase();
      const res = await fetch(`${s.origin}/api/admin/submissions?q=${q}`, {
        headers: { Cookie: s.cookie },
      });
      await res.arrayBuffer();
      searches++;
    }
  })();
  try {
    const path = `/api/submissions/${s.measured.token}`;
    return { ...(await measure(s.origin, { path }, 10, 3)), searches };
  } finally {
    searching = false;
    await loop;
  }
}

const figure = (l: Load) =>
  `mean ${l.mean.toFixed(2)}, p99 ${l.p99.toFixed(0)} ms${l.failed ? `, ${l.failed} failed` : ''}`;

/** Seeds one server to `size` applications: a dozen through the API, the rest by SQL. */
async function seeded(server: BenchServer, size: number): Promise<Sized & { seconds: number }> {
  const t0 = performance.now();
  const cookie = await signIn(server.origin);
  const staff = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${server.origin}${path}`, {
      ...init,
      headers: { Cookie: cookie, Origin: server.origin, 'Content-Type': 'application/json' },
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
    });
  const real = await seedRealApplications(server.origin, staff);
  const db = createClient({ url: `file:${join(server.dataDir, 'portal.db')}` });
  try {
    await db.execute('PRAGMA busy_timeout = 10000');
    await prepareColumns(db);
    await multiplyTo(db, real, REAL, size, Date.now());
    await db.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  // The measured application is one of the real dozen, the sixth on both servers.
  const s = { size, origin: server.origin, cookie, measured: real[5]! };
  // Warm-up (JIT, page cache), not counted.
  for (const read of reads(s)) await measure(s.origin, read.options(s.measured));
  return { ...s, seconds: (performance.now() - t0) / 1000 };
}

const count = (n: number) => n.toLocaleString('en');

export async function growthRows(large: BenchServer): Promise<Row[]> {
  const small = await startServer(GROWTH_STAFF, PORT + 1);
  try {
    const pair = [await seeded(small, SMALL), await seeded(large, LARGE)];
    const rows: Row[] = [
      {
        what: `growth: seeding ${count(SMALL)} and ${count(LARGE)} applications (${REAL} real, copied by SQL)`,
        figure: pair.map((s) => `${s.seconds.toFixed(0)} s`).join(', '),
        floor: '',
        ratio: '',
        target: '',
        met: null,
        values: { smallSeconds: pair[0]!.seconds, largeSeconds: pair[1]!.seconds },
      },
    ];
    for (const [index, { name }] of reads(pair[0]!).entries()) {
      const [at1k, at100k] = await alternating(pair, (s) => reads(s)[index]!);
      const ratio = at100k!.mean / at1k!.mean;
      rows.push({
        what: `growth: ${name}, ${count(LARGE)} vs ${count(SMALL)} applications`,
        figure: figure(at100k!),
        floor: `at ${count(SMALL)}: ${figure(at1k!)}`,
        ratio: times(at100k!.mean, at1k!.mean),
        target: '<= 2× (mean), p99 <= 50 ms',
        met: ratio <= 2 && at100k!.p99 <= 50 && at100k!.failed + at1k!.failed === 0,
        values: {
          smallMean: at1k!.mean,
          smallP99: at1k!.p99,
          largeMean: at100k!.mean,
          largeP99: at100k!.p99,
        },
      });
    }
    // BENCH_GROWTH_ONLY=expiring runs these beside the Expiring view's row.
    if (!ONLY || 'reminder run of expiring documents'.includes(ONLY)) {
      rows.push(
        ...(await reminderRunRows([
          { size: SMALL, dataDir: small.dataDir },
          { size: LARGE, dataDir: large.dataDir },
        ])),
      );
    }
    // A helper's own rows only: the shared tracking-beside-search row is left to the full run.
    if (ONLY) return rows;
    const beside = [];
    for (const s of pair) beside.push(await trackingBesideSearch(s));
    const [quiet, loaded] = beside;
    rows.push({
      what: `growth: tracking GET (10 connections) while a search loops, ${count(LARGE)} applications`,
      figure: `${loaded!.rps.toFixed(0)} req/s, ${figure(loaded!)}, ${loaded!.searches} searches`,
      floor: `at ${count(SMALL)}: ${quiet!.rps.toFixed(0)} req/s, ${figure(quiet!)}`,
      ratio: times(loaded!.p99, quiet!.p99),
      target: 'p99 <= 30 ms',
      met: loaded!.p99 <= 30 && loaded!.failed === 0,
      values: { rps: loaded!.rps, p99: loaded!.p99, searches: loaded!.searches },
    });
    return rows;
  } finally {
    await stopServer(small);
    await rm(small.dataDir, { recursive: true, force: true });
  }
}
