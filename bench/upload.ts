// Row 4: a 100 MB PUT through a signed upload URL into the disk store, beside a plain write of
// the same bytes to the same disk; the server's memory must not grow with the file.
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
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

/** MB/s of writing SIZE bytes in 1 MB chunks to a file in `dir` (no fsync: nor does the store). */
async function plainWrite(dir: string): Promise<number> {
  const path = join(dir, 'plain-write.bin');
  const bytes = chunk();
  const t0 = performance.now();
  const file = await open(path, 'w');
  for (let written = 0; written < SIZE; written += CHUNK) await file.write(bytes);
  await file.close();
  const seconds = (performance.now() - t0) / 1000;
  await rm(path);
  return SIZE / 1048576 / seconds;
}

export async function uploadRow(server: BenchServer): Promise<Row> {
  const raw = await plainWrite(server.dataDir);
  const url = await createDiskStoreUrl(server.dataDir, ORIGIN);
  const pid = await serverPid(server);
  const rssBefore = await rssOf(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(async () => {
    rssPeak = Math.max(rssPeak, await rssOf(pid).catch(() => 0));
  }, 50);
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
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const upload = SIZE / 1048576 / seconds;
  const growth = (rssPeak - rssBefore) / 1048576;
  return {
    what: 'PUT 100 MB via signed URL (disk store)',
    figure: `${res.status}, ${upload.toFixed(0)} MB/s, server RSS +${growth.toFixed(0)} MB`,
    floor: `${raw.toFixed(0)} MB/s plain write`,
    ratio: percent(upload, raw),
    target: '>= 60 % of raw, RSS growth <= 64 MB',
    met: res.status === 200 && upload >= raw * 0.6 && growth <= 64,
    values: { mbPerSecond: upload, rawMbPerSecond: raw, rssGrowthMb: growth },
  };
}
