// npm run bench: the product's size and speed beside floors measured in the same run, on this
// machine. Run `npm run build` first (row 1 and the server read dist/web). Prints one table
// and writes bench/results.json; docs/performance.md explains each row.
// BENCH_ONLY names the steps to run, comma-separated (e.g. `api,interaction`; the server starts
// for any step that needs it), so some rows can be measured without taking the shared machine
// for the whole run; BENCH_ONLY=growth needs no build.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiRows } from './api.ts';
import { buildFloor, bundleRows, servedBytesForHome } from './bundle.ts';
import { deviceUploadRows } from './device-upload.ts';
import { GROWTH_STAFF, growthRows } from './growth.ts';
import { interactionRows } from './interaction.ts';
import { lighthouseRows } from './lighthouse.ts';
import { photoRow } from './photo.ts';
import { scanRow } from './scan.ts';
import { type BenchServer, coldStartRow, ORIGIN, startServer, stopServer } from './server.ts';
import { signatureRows } from './signature.ts';
import { failedRow, printTable, type Row, writeResults } from './table.ts';
import { uploadRow } from './upload.ts';
import { workersRoundTripRows } from './workers-round-trips.ts';

const rows: Row[] = [];
const started = performance.now();

const only = process.env.BENCH_ONLY;
/** Step names as BENCH_ONLY gives them: any case, hyphens for spaces (`device-upload`). */
const stepName = (name: string) => {
  const plain = name.trim().toLowerCase().replaceAll('-', ' ');
  return plain === 'round trips' ? 'workers round trips' : plain;
};
const chosen = only?.split(',').map(stepName);

/**
 * Runs one step (unless BENCH_ONLY leaves it out); a failure becomes a row saying so, and the
 * other rows still run.
 */
async function step(name: string, measure: () => Promise<Row[]>) {
  if (chosen && name !== 'server start' && !chosen.includes(stepName(name))) return;
  const t0 = performance.now();
  try {
    rows.push(...(await measure()));
  } catch (error) {
    rows.push(failedRow(name, error));
  }
  console.error(`bench: ${name} done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function main() {
  const scratch = await mkdtemp(join(tmpdir(), 'portal-bench-build-'));
  let server: BenchServer | undefined;
  try {
    await step('bundle', async () => {
      const floorDir = join(scratch, 'floor');
      await buildFloor(floorDir);
      return bundleRows(
        await servedBytesForHome('dist/web'),
        await servedBytesForHome(floorDir, /^$/),
      );
    });
    await step('server start', async () => {
      server = await startServer(GROWTH_STAFF);
      return [coldStartRow(server)];
    });
    if (!server) throw new Error('no server: the remaining rows need it');
    const dataDir = server.dataDir;
    let trackingToken = '';
    await step('API', async () => {
      const api = await apiRows(dataDir);
      trackingToken = api.trackingToken;
      return api.rows;
    });
    await step('Lighthouse', async () => {
      const floorDir = join(scratch, 'floor');
      // Built by the bundle step, unless BENCH_ONLY left it out.
      if (!existsSync(floorDir)) await buildFloor(floorDir);
      return lighthouseRows(
        [
          { label: '/', path: '/' },
          { label: '/?step=contact (a question page)', path: '/?step=contact' },
          { label: '/track', path: '/track' },
          { label: '/track?token', path: `/track?token=${trackingToken}` },
          { label: '/track/lookup', path: '/track/lookup' },
          { label: '/legal', path: '/legal' },
        ],
        floorDir,
      );
    });
    await step('interaction', async () => {
      const floorDir = join(scratch, 'floor');
      // Built by the bundle step, unless BENCH_ONLY left it out.
      if (!existsSync(floorDir)) await buildFloor(floorDir);
      return interactionRows(floorDir);
    });
    await step('photo', async () => [await photoRow(join(scratch, 'photo'))]);
    await step('scan', async () => [await scanRow(join(scratch, 'scan'))]);
    await step('signature', signatureRows);
    const running = server;
    await step('upload', async () => [await uploadRow(running)]);
    await step('device upload', deviceUploadRows);
    await step('Workers round trips', workersRoundTripRows);
    await step('growth', () => growthRows(running));
  } finally {
    if (server) {
      await stopServer(server);
      await rm(server.dataDir, { recursive: true, force: true });
    }
    await rm(scratch, { recursive: true, force: true });
  }

  await finish();
}

async function finish() {
  const seconds = (performance.now() - started) / 1000;
  printTable(rows);
  console.log(`\n${rows.length} rows in ${seconds.toFixed(0)} s on ${cpus().length} CPUs`);
  // A partial run prints its rows but leaves the whole run's results.json as it was.
  if (only) return;
  await writeResults(join(import.meta.dirname, 'results.json'), rows, {
    date: new Date().toISOString(),
    origin: ORIGIN,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? '',
    node: process.version,
    seconds: Math.round(seconds),
  });
}

await main();
