// A practitioner's phone does not download staff code in the background: the service worker's
// precache list (dist/web/sw.js) names no chunk only the dashboard routes reach, and names
// every chunk the practitioner routes need offline. Reads the build (npm run build first);
// the last test checks in the browser that staff pages still load from the network.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { inlinedStylesheets } from '../build/inline-stylesheet.ts';

type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

const DIST = join(import.meta.dirname, '..', 'dist', 'web');
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'),
);
// injectManifest writes the list as JSON objects: [{"revision":"…","url":"assets/…"}, …].
const precached = new Set(
  [...readFileSync(join(DIST, 'sw.js'), 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!),
);

// The app's stylesheet is in every page (decision 101): its file is neither fetched nor precached.
const inlined = new Set(inlinedStylesheets(readFileSync(join(DIST, 'index.html'), 'utf8')));

const isDashboardRoute = (key: string) => /(^|\/)routes\/dashboard[._]/.test(key);
const PRACTITIONER_MODULES = [
  /^routes\/index\.tsx/,
  /^routes\/legal\.tsx/,
  /^routes\/track\/index\.tsx/,
  /^routes\/track\/lookup\.tsx/,
  /^features\/wizard\/wizard-form\.tsx/,
  /^lib\/uploads\/image-compression\.ts/,
];

/** Keys reachable from `roots` over static and lazy imports, never entering `stop` keys. */
function reachable(roots: string[], stop: (key: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (seen.has(key) || stop(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    queue.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
  }
  return seen;
}

const filesOf = (keys: Iterable<string>) =>
  new Set([...keys].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]));

const keys = Object.keys(manifest);
const entryKeys = keys.filter((key) => manifest[key]!.isEntry);
const dashboardKeys = keys.filter(isDashboardRoute);
const practitionerFiles = filesOf(reachable(entryKeys, isDashboardRoute));
const staffOnly = [...filesOf(reachable(dashboardKeys, () => false))].filter(
  (file) => !practitionerFiles.has(file),
);

test('the precache list was read and the dashboard has route chunks', () => {
  expect(precached.size).toBeGreaterThan(20);
  expect(precached.has('index.html')).toBe(true);
  expect(dashboardKeys.length).toBeGreaterThanOrEqual(6);
  // More than the route chunks themselves: the staff-only helpers they import.
  expect(staffOnly.length).toBeGreaterThan(dashboardKeys.length);
});

test('no chunk only the dashboard reaches is precached', () => {
  expect(staffOnly.filter((file) => precached.has(file))).toEqual([]);
});

test('every chunk of the practitioner routes is precached (they open offline)', () => {
  for (const pattern of PRACTITIONER_MODULES) {
    const roots = keys.filter((key) => pattern.test(key));
    expect(roots.length, `a chunk for ${pattern}`).toBeGreaterThan(0);
    const needed = filesOf(reachable(roots, isDashboardRoute));
    expect(
      [...needed].filter((file) => !precached.has(file) && !inlined.has(file)),
      String(pattern),
    ).toEqual([]);
  }
  for (const file of filesOf(entryKeys)) expect(precached.has(file), file).toBe(!inlined.has(file));
  expect(inlined.size).toBeGreaterThan(0);
  // The compression library is one file, for the page and its worker alike (not a chunk too).
  expect(precached.has('vendor/browser-image-compression.js')).toBe(true);
  expect(keys.filter((key) => /browser-image-compression/.test(key))).toEqual([]);
});

async function serviceWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

test('with the service worker in control, the staff login page loads its code online', async ({
  page,
}) => {
  await page.goto('/');
  await serviceWorkerControls(page);
  const staffRequests: string[] = [];
  page.on('requestfinished', (request) => {
    if (/\/assets\/dashboard\./.test(request.url())) staffRequests.push(request.url());
  });
  await page.goto('/dashboard/login');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Admin Dashboard');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(staffRequests.length).toBeGreaterThan(0);
});
