import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeployRefused } from './deploy-settings.ts';
import { readRouting, writeDeployConfig } from './routes.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-routes-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function toml(body: string): Promise<string> {
  const path = join(dir, 'wrangler.toml');
  await writeFile(
    path,
    `name = "portal"\nmain = "worker/cloudflare.ts"\n${body}\n[assets]\ndirectory = "dist/web"\n`,
  );
  return path;
}

const onDomain = { workersDev: false };

describe("the deploy's routing", () => {
  it("makes a Custom Domain of PUBLIC_ORIGIN's host when wrangler.toml names no routes", async () => {
    const path = await toml('[vars]\nPUBLIC_ORIGIN = "https://portal.bureau.co.za/"');
    const routing = await readRouting(path, {}, onDomain);
    expect(routing).toEqual({
      routes: [{ pattern: 'portal.bureau.co.za', custom_domain: true }],
      workersDev: false,
      publicOrigin: 'https://portal.bureau.co.za',
    });
    // The config wrangler deploy gets: the routes, workers.dev off, paths that still resolve.
    const written = parse(await readFile(await writeDeployConfig(path, routing, dir), 'utf8'));
    expect(written).toMatchObject({
      routes: [{ pattern: 'portal.bureau.co.za', custom_domain: true }],
      workers_dev: false,
      main: join(dir, 'worker/cloudflare.ts'),
      assets: { directory: join(dir, 'dist/web') },
    });
  });

  it('keeps routes of its own that serve the host (a zone route or a wildcard)', async () => {
    for (const route of ['"portal.bureau.co.za/*"', '"*.bureau.co.za/*"']) {
      const path = await toml(
        `routes = [${route}]\n[vars]\nPUBLIC_ORIGIN = "https://portal.bureau.co.za"`,
      );
      expect((await readRouting(path, {}, onDomain)).routes).toEqual([JSON.parse(route)]);
    }
  });

  it("refuses when PUBLIC_ORIGIN's host is not among wrangler.toml's routes", async () => {
    const path = await toml(
      'routes = [{ pattern = "old.bureau.co.za", custom_domain = true }, "portal.bureau.co.za/api/*"]\n' +
        '[vars]\nPUBLIC_ORIGIN = "https://portal.bureau.co.za"',
    );
    await expect(readRouting(path, {}, onDomain)).rejects.toThrow(
      /host portal\.bureau\.co\.za is not routed to the Worker .*or pass --workers-dev/,
    );
    // The environment's PUBLIC_ORIGIN is the one checked.
    await expect(
      readRouting(path, { PUBLIC_ORIGIN: 'https://old.bureau.co.za' }, onDomain),
    ).resolves.toMatchObject({ publicOrigin: 'https://old.bureau.co.za' });
    // Asked for by flag, workers.dev is allowed, routes untouched.
    await expect(readRouting(path, {}, { workersDev: true })).resolves.toMatchObject({
      workersDev: true,
    });
  });

  it('refuses a missing, placeholder, plain http or workers.dev PUBLIC_ORIGIN', async () => {
    for (const [origin, message] of [
      ['', /Set PUBLIC_ORIGIN/],
      ['https://portal.example.co.za', /Set PUBLIC_ORIGIN/],
      ['http://portal.bureau.co.za', /must be https/],
      ['https://portal.bureau.workers.dev', /pass --workers-dev/],
    ] as const) {
      const path = await toml(origin ? `[vars]\nPUBLIC_ORIGIN = "${origin}"` : '');
      const refused = readRouting(path, {}, onDomain);
      await expect(refused).rejects.toThrow(DeployRefused);
      await expect(refused).rejects.toThrow(message);
    }
  });
});
