// Row 1: the bytes a phone downloads for /, as the Node entry serves them to Chromium (the
// brotli copy when the build wrote one), beside a bare React + TanStack Router app built in
// the same run (bench/floor/).
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { inlinedStylesheets } from '../build/inline-stylesheet.ts';
import { precompressTree } from '../worker/static-site-precompress.ts';
import { kb, type Row, times } from './table.ts';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

export type ServedBundle = {
  /** index.html as served. */
  html: number;
  /** The entry with its static imports, the / route's chunks, and scripts the page names. */
  js: number;
  css: number;
  /** Of css, what the page carries inline (decision 101): counted in html as served too. */
  inlineCss: number;
  files: string[];
};

/** What static-site.ts sends to Chromium: the .br copy if there is one, else the file. */
async function servedSize(dist: string, file: string): Promise<number> {
  const path = join(dist, file);
  const brotli = await stat(`${path}.br`).catch(() => null);
  return (brotli ?? (await stat(path))).size;
}

/** The first-load bytes of / in a built tree (`homeRoute` names the / route's manifest keys). */
export async function servedBytesForHome(
  dist: string,
  homeRoute = /^routes\/index\.tsx/,
): Promise<ServedBundle> {
  const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const keys = Object.keys(manifest);
  const roots = keys.filter((k) => manifest[k]!.isEntry || homeRoute.test(k));
  const files = new Set<string>();
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    files.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) files.add(css);
    queue.push(...(manifest[key].imports ?? []));
  }
  // Scripts and styles the page itself names (outside the manifest, e.g. a file in web/public).
  const page = await readFile(join(dist, 'index.html'), 'utf8');
  for (const m of page.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)) files.add(m[1]!);
  const inlined = new Set(inlinedStylesheets(page));
  let js = 0;
  let css = 0;
  let inlineCss = 0;
  for (const file of files) {
    const size = await servedSize(dist, file);
    if (file.endsWith('.css')) css += size;
    else js += size;
    if (inlined.has(file)) inlineCss += size;
  }
  const html = await servedSize(dist, 'index.html');
  return { html, js, css, inlineCss, files: [...files].sort() };
}

/** Builds bench/floor/ into outDir with the same compression step as the real build. */
export async function buildFloor(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: join(import.meta.dirname, 'floor'),
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022' },
  });
  await precompressTree(outDir);
}

const FLOOR_MARGIN = 25 * 1024;
const FIRST_LOAD_BUDGET = 200 * 1024;

export function bundleRows(app: ServedBundle, floor: ServedBundle): Row[] {
  const appCode = app.js + app.css;
  const floorCode = floor.js + floor.css;
  // Inline styles arrive with the page: they are in its served size already.
  const firstLoad = app.html + app.js + app.css - app.inlineCss;
  return [
    {
      what: 'JS + CSS for / as served (brotli)',
      figure: kb(appCode),
      floor: `${kb(floorCode)} bare React + Router`,
      ratio: times(appCode, floorCode),
      target: `<= floor + 25 KB (${kb(floorCode + FLOOR_MARGIN)})`,
      met: appCode <= floorCode + FLOOR_MARGIN,
      values: { appJs: app.js, appCss: app.css, floorJs: floor.js, floorCss: floor.css },
    },
    {
      what: 'first-load transfer for / (HTML + JS + CSS)',
      figure: kb(firstLoad),
      floor: kb(floor.html + floorCode - floor.inlineCss),
      ratio: times(firstLoad, floor.html + floorCode - floor.inlineCss),
      target: '<= 200 KB',
      met: firstLoad <= FIRST_LOAD_BUDGET,
      values: { html: app.html, total: firstLoad, files: app.files.length },
    },
  ];
}
