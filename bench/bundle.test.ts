// Keeps the bundle row honest: the served-bytes walk on a small built-like tree, and the floor
// app still builds.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFloor, bundleRows, servedBytesForHome } from './bundle.ts';

let dir: string;

const bytes = (n: number) => Buffer.alloc(n, 97);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bench-bundle-'));
  const dist = join(dir, 'dist');
  await mkdir(join(dist, '.vite'), { recursive: true });
  await mkdir(join(dist, 'assets'), { recursive: true });
  const manifest = {
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_shared-1.js'],
      dynamicImports: ['routes/index.tsx?tsr-split=component', 'routes/dashboard.tsx'],
      css: ['assets/index-1.css'],
    },
    '_shared-1.js': { file: 'assets/shared-1.js', imports: ['index.html'] },
    'routes/index.tsx?tsr-split=component': {
      file: 'assets/routes-1.js',
      imports: ['_shared-1.js', '_form-1.js'],
    },
    '_form-1.js': { file: 'assets/form-1.js' },
    'routes/dashboard.tsx': { file: 'assets/dashboard-1.js', imports: ['_staff-1.js'] },
    '_staff-1.js': { file: 'assets/staff-1.js' },
  };
  await writeFile(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  await writeFile(
    join(dist, 'index.html'),
    '<script src="/theme-init.js"></script><script type="module" src="/assets/index-1.js"></script>',
  );
  await writeFile(join(dist, 'index.html.br'), bytes(50));
  await writeFile(join(dist, 'theme-init.js'), bytes(30));
  // Served as brotli: the .br size counts, not the original's.
  await writeFile(join(dist, 'assets/index-1.js'), bytes(10_000));
  await writeFile(join(dist, 'assets/index-1.js.br'), bytes(1_000));
  await writeFile(join(dist, 'assets/shared-1.js'), bytes(200));
  await writeFile(join(dist, 'assets/routes-1.js'), bytes(5_000));
  await writeFile(join(dist, 'assets/routes-1.js.br'), bytes(400));
  await writeFile(join(dist, 'assets/form-1.js'), bytes(70));
  await writeFile(join(dist, 'assets/index-1.css'), bytes(3_000));
  await writeFile(join(dist, 'assets/index-1.css.br'), bytes(300));
  await writeFile(join(dist, 'assets/dashboard-1.js'), bytes(90_000));
  await writeFile(join(dist, 'assets/staff-1.js'), bytes(90_000));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('servedBytesForHome', () => {
  it('counts the entry, its imports, the / route and named scripts as served, nothing lazy', async () => {
    const served = await servedBytesForHome(join(dir, 'dist'));
    expect(served.files).toEqual([
      'assets/form-1.js',
      'assets/index-1.css',
      'assets/index-1.js',
      'assets/routes-1.js',
      'assets/shared-1.js',
      'theme-init.js',
    ]);
    expect(served.js).toBe(1_000 + 200 + 400 + 70 + 30);
    expect(served.css).toBe(300);
    expect(served.html).toBe(50);
  });
});

describe('bundleRows', () => {
  it('compares with the floor and the 200 KB budget', () => {
    const floor = { html: 500, js: 60_000, css: 0, inlineCss: 0, files: [] };
    const near = bundleRows(
      { html: 1_000, js: 70_000, css: 10_000, inlineCss: 0, files: [] },
      floor,
    );
    expect(near.map((r) => r.met)).toEqual([true, true]);
    const far = bundleRows(
      { html: 1_000, js: 150_000, css: 60_000, inlineCss: 0, files: [] },
      floor,
    );
    expect(far.map((r) => r.met)).toEqual([false, false]);
    expect(far[0]!.ratio).toBe('3.50×');
  });

  it('counts inline styles once in the first load, and as CSS in the code row', () => {
    const floor = { html: 500, js: 60_000, css: 0, inlineCss: 0, files: [] };
    const app = { html: 11_000, js: 70_000, css: 10_000, inlineCss: 10_000, files: [] };
    const [code, firstLoad] = bundleRows(app, floor);
    expect(code!.values).toMatchObject({ appJs: 70_000, appCss: 10_000 });
    expect(firstLoad!.values).toMatchObject({ html: 11_000, total: 81_000 });
  });
});

describe('buildFloor', () => {
  it('builds the bare React + TanStack Router app with brotli copies', async () => {
    const out = join(dir, 'floor');
    await buildFloor(out);
    const floor = await servedBytesForHome(out);
    expect(floor.files.some((f) => f.endsWith('.js'))).toBe(true);
    // React DOM alone is ~55 KB brotli; the router adds ~20 KB. Far outside: the build broke.
    expect(floor.js).toBeGreaterThan(40 * 1024);
    expect(floor.js).toBeLessThan(150 * 1024);
  }, 60_000);
});
