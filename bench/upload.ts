// Row 4: a 100 MB PUT through a signed upload URL into the disk store, beside the least a server
// can do with the same request: a bare Node HTTP server piping the body into a file on the same
// disk (no fsync, as the store does not sync either). Best of 3 for both, so the page cache's
// swings fall on each alike; the server's memory must not grow with the file.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type BenchServer, ORIGIN, rssOf, serverPid } from './server.ts';
import { percent, type Row } from './table.ts';
import { createDiskStoreUrl } from './upload-url.ts';

const SIZE = 100 * 1024 * 1024;
const CHUNK = 1024 * 1024;

function chunk(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(CHUNK);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return bytes;
}

const ROUNDS = 3;

/** PUTs SIZE bytes to `url` in 1 MB chunks, streamed; the status and MB/s. */
async function put(url: string): Promise<{ status: number; mbPerSecond: number }> {
  const bytes = chunk();
  let sent = 0;
  const t0 = performance.now();
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/pdf' },
    body: new ReadableStream({
      pull(controller) {
        if (sent >= SIZE) return controller.close();
        controller.enqueue(bytes.slice());
        sent += CHUNK;
      },
    }),
    duplex: 'half',
  } as RequestInit);
  await res.arrayBuffer();
  return { status: res.status, mbPerSecond: SIZE / 1048576 / ((performance.now() - t0) / 1000) };
}

/** The floor: best MB/s of ROUNDS PUTs to a bare HTTP server writing the body into `dir`. */
async function bareServerPut(dir: string): Promise<number> {
  const path = join(dir, 'bare-put.bin');
  const server = createServer((req, res) => {
    pipeline(req, createWriteStream(path)).then(
      () => res.writeHead(200).end(),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    let best = 0;
    for (let i = 0; i < ROUNDS; i++) {
      best = Math.max(best, (await put(url)).mbPerSecond);
      await rm(path, { force: true });
    }
    return best;
  } finally {
    server.close();
  }
}

export async function uploadRow(server: BenchServer): Promise<Row> {
  const raw = await bareServerPut(server.dataDir);
  const pid = await serverPid(server);
  const rssBefore = await rssOf(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(async () => {
    rssPeak = Math.max(rssPeak, await rssOf(pid).catch(() => 0));
  }, 50);
  let upload = 0;
  let status = 0;
  for (let i = 0; i < ROUNDS; i++) {
    // A URL of its own each round: the store takes a key once.
    const answer = await put(await createDiskStoreUrl(server.dataDir, ORIGIN));
    status = answer.status;
    upload = Math.max(upload, answer.mbPerSecond);
  }
  clearInterval(sampler);
  const growth = (rssPeak - rssBefore) / 1048576;
  return {
    what: 'PUT 100 MB via signed URL (disk store), best of 3',
    figure: `${status}, ${upload.toFixed(0)} MB/s, server RSS +${growth.toFixed(0)} MB`,
    floor: `${raw.toFixed(0)} MB/s bare Node HTTP server into a file`,
    ratio: percent(upload, raw),
    target: '>= 60 % of the floor, RSS growth <= 64 MB',
    met: status === 200 && upload >= raw * 0.6 && growth <= 64,
    values: { mbPerSecond: upload, rawMbPerSecond: raw, rssGrowthMb: growth },
  };
}
