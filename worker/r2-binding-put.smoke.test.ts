// The R2 binding's put answers null, not an error, when its precondition fails (review of
// 2026-11-28, G8): in workerd (wrangler dev, Cloudflare's local R2), two puts of one key race
// through the product's R2 store past its look for an existing key; one is stored, the other
// is a taken key (ObjectExistsError), and the first writer's bytes stay.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  ROOT,
  startWranglerDev,
  stopAll,
  waitUntilServing,
} from './testing/smoke-processes.ts';

let dir: string;
let base: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'r2-put-race-'));
  const config = join(dir, 'wrangler.toml');
  await writeFile(
    config,
    [
      'name = "r2-put-race"',
      `main = "${join(ROOT, 'worker/testing/r2-put-race-worker.ts')}"`,
      'compatibility_date = "2026-11-01"',
      'compatibility_flags = ["nodejs_compat"]',
      '[[r2_buckets]]',
      'binding = "OBJECTS"',
      'bucket_name = "race"',
    ].join('\n'),
  );
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const wrangler = startWranglerDev({
    port,
    inspectorPort: await freePort(),
    persistTo: join(dir, 'state'),
    path: `${join(ROOT, 'node_modules/.bin')}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    args: ['--config', config],
  });
  await waitUntilServing(wrangler, `${base}/`, 40_000);
}, 60_000);
afterAll(async () => {
  await stopAll();
  await rm(dir, { recursive: true, force: true });
});

describe("the R2 binding's put when another writer got the key first", () => {
  it('is a taken key, and the bytes first stored stay', async () => {
    // waitUntilServing ran one race already; each request races on a key of its own.
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    const { outcomes, keptByte } = (await res.json()) as {
      outcomes: string[];
      keptByte: number | null;
    };
    expect([...outcomes].sort()).toEqual(['stored', 'taken']);
    // The writer that was stored is the one whose bytes are kept.
    expect(keptByte).toBe(outcomes[0] === 'stored' ? 1 : 2);
  });
});
