// The practitioner's first load (docs/decisions/033-practitioner-bundle.md): the JS and CSS the / route needs to
// render, gzip, read from the production build's manifest. Node only: no browser.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
const DIST = 'dist/web';

test('initial JS for / is at most 130 KB gzip and its CSS at most 20 KB gzip', () => {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  expect(entries.length).toBeGreaterThan(0);
  const routeChunks = Object.keys(manifest).filter((k) => /routes\/index\.tsx/.test(k));
  expect(routeChunks.length, 'the / route has its own chunk').toBeGreaterThan(0);

  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key]!;
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...entries, ...routeChunks]) visit(key);

  const gzip = (file: string) => gzipSync(readFileSync(join(DIST, file))).byteLength;
  const js = [...seen].reduce((sum, key) => sum + gzip(manifest[key]!.file), 0);
  const cssBytes = [...css].reduce((sum, file) => sum + gzip(file), 0);
  console.log(
    `initial JS for /: ${(js / 1024).toFixed(1)} KB gzip in ${seen.size} chunk(s); CSS ${(cssBytes / 1024).toFixed(1)} KB gzip`,
  );
  expect(js).toBeLessThanOrEqual(130 * 1024);
  expect(cssBytes).toBeGreaterThan(0);
  expect(cssBytes).toBeLessThanOrEqual(20 * 1024);
});

test("the tracking page's first load holds no scan code: the scan dialog and its worker come when Scan pages is opened", () => {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk & { dynamicImports?: string[] }
  >;
  const track = Object.keys(manifest).find((k) =>
    /^routes\/track\/index\.tsx\?tsr-split=component/.test(k),
  );
  expect(track, 'the tracking route has its own chunk').toBeTruthy();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  for (const key of Object.keys(manifest).filter((k) => manifest[k]!.isEntry)) visit(key);
  visit(track!);
  // A chunk of its own, loaded on demand from the uploader (the replacement's too).
  expect(
    manifest['features/scan/scan-dialog.tsx'],
    'the scan dialog is its own chunk',
  ).toBeTruthy();
  expect(seen.has('features/scan/scan-dialog.tsx')).toBe(false);
  const loaded = [...seen].map((key) => readFileSync(join(DIST, manifest[key]!.file), 'utf8'));
  // The worker is referenced only from the dialog's chunk.
  expect(loaded.some((code) => /scan-worker-[\w-]+\.js/.test(code))).toBe(false);
  expect(
    [...seen].some((key) =>
      manifest[key]!.dynamicImports?.includes('features/scan/scan-dialog.tsx'),
    ),
    'the tracking page can open the scan dialog',
  ).toBe(true);
});
