// Issue 7: none of the dashboard's code is in what a practitioner downloads. Reads the build
// manifest (npm run build first) and follows static imports from the entry and from the /
// route's chunks; no dashboard route may be among them, and none of their files may carry
// text that only dashboard modules contain. The same markers must be found in the dashboard
// chunks, so a renamed text cannot make this pass by accident.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};

const DIST = join(import.meta.dirname, '..', 'dist', 'web');
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'),
);

// Texts that appear only in web/features/{auth,dashboard} (and so only in their chunks).
const DASHBOARD_MARKERS = [
  'Loading dashboard...',
  'Logging in...',
  'Yes, Delete Permanently',
  'Upload Registration Form',
  'No registration form uploaded yet',
  '/api/admin/',
  '/api/auth/login',
  // The enrolment desk (decision 088): the work queue, a request to the practitioner, and
  // 'Where time goes' with its chart library (uPlot's own class name).
  'Waiting on practitioners',
  'Ask the practitioner',
  'Days from submission to outcome, per scheme',
  'u-over',
];

const isDashboardRoute = (key: string) => /(^|\/)routes\/dashboard[._]/.test(key);

/** The manifest keys of `roots` and everything they import statically. */
function staticClosure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    queue.push(...(chunk.imports ?? []));
  }
  return seen;
}

const contents = (keys: Iterable<string>) =>
  [...keys].map((key) => ({ key, text: readFileSync(join(DIST, manifest[key]!.file), 'utf8') }));

const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
const homeRouteKeys = Object.keys(manifest).filter((key) => /^routes\/index\.tsx(\?|$)/.test(key));
const dashboardRouteKeys = Object.keys(manifest).filter(isDashboardRoute);

test('the build has an entry, a / route chunk and lazy dashboard route chunks', () => {
  expect(entryKeys).toHaveLength(1);
  expect(homeRouteKeys.length).toBeGreaterThan(0);
  expect(dashboardRouteKeys.length).toBeGreaterThanOrEqual(6);
  for (const key of dashboardRouteKeys) expect(manifest[key]!.isEntry).toBeFalsy();
});

test('the dashboard chunks carry the marker texts (the check below can fail)', () => {
  const dashboardText = contents(staticClosure(dashboardRouteKeys))
    .map((c) => c.text)
    .join('\n');
  for (const marker of DASHBOARD_MARKERS) expect(dashboardText).toContain(marker);
});

test("no dashboard module is in the entry chunk or the / route's chunks", () => {
  const practitionerKeys = staticClosure([...entryKeys, ...homeRouteKeys]);
  expect([...practitionerKeys].filter(isDashboardRoute)).toEqual([]);
  for (const { key, text } of contents(practitionerKeys)) {
    const found = DASHBOARD_MARKERS.filter((marker) => text.includes(marker));
    expect(found, `dashboard code in ${key} (${manifest[key]!.file})`).toEqual([]);
  }
});

test('the page a practitioner loads preloads no dashboard chunk', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]);
  expect(referenced.length).toBeGreaterThan(0);
  const dashboardFiles = new Set(dashboardRouteKeys.map((key) => manifest[key]!.file));
  for (const file of referenced) expect(dashboardFiles.has(file!)).toBe(false);
  for (const file of referenced) {
    const text = readFileSync(join(DIST, file!), 'utf8');
    expect(
      DASHBOARD_MARKERS.filter((marker) => text.includes(marker)),
      file,
    ).toEqual([]);
  }
});
