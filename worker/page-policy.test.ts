// The pages' protection against script injection and framing, checked directive by directive
// against what a browser would enforce, not against the constant that makes the header (a
// policy loosened there would pass a comparison with itself): scripts only from the origin
// and the one inline start script by its hash, never 'unsafe-inline' or 'unsafe-eval'; no
// framing; no plugins; no other base or form target. (Security review 2026-11-28, tests that
// claimed more than they showed, item 4.)
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from './embedded.ts';
import { createStaticSite } from './static-site.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';
import { seedSubmission } from './testing/staff-fixtures.ts';
import { createTrackingPage } from './tracking-page.ts';

let root: string;
let t: TestApp;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'page-policy-'));
  await mkdir(join(root, '.vite'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Portal</title>');
  await writeFile(join(root, '.vite/manifest.json'), '{}');
  t = await createTestApp();
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await t.dispose();
});

/** The policy as a browser parses it: directive name → its sources. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy, 'a Content-Security-Policy header').toBeTruthy();
  return new Map(
    policy!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

function expectLockedDown(headers: Headers) {
  const csp = directives(headers.get('Content-Security-Policy'));
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  const [self, ...hashes] = scripts;
  expect(self).toBe("'self'");
  expect(hashes).toHaveLength(1);
  expect(hashes[0]).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  const anywhere = [...csp.values()].flat();
  for (const loose of ["'unsafe-eval'", "'unsafe-hashes'", '*', 'http:', 'https:', 'data:']) {
    expect(scripts, `script-src allows ${loose}`).not.toContain(loose);
  }
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(anywhere).not.toContain("'unsafe-eval'");
  expect(headers.get('X-Frame-Options')).toBe('DENY');
  expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
}

describe('the pages cannot run injected script or be framed', () => {
  it('on a page of the Node entry', async () => {
    const site = createStaticSite(root);
    const res = await site(new Request('http://127.0.0.1/track/lookup'));
    expect(res.status).toBe(200);
    expectLockedDown(res.headers);
  });

  it('on the tracking page the server renders', async () => {
    const shellPage = join(root, 'shell.html');
    await writeFile(
      shellPage,
      '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>',
    );
    const seeded = await seedSubmission(t);
    const page = createTrackingPage({
      reads: t.deps.reads,
      logger: silentLogger,
      shellPage,
      renderer: resolve(import.meta.dirname, '../web/prerender.tsx'),
      headTag: '',
    });
    const res = await page(new Request(`http://127.0.0.1/track?token=${seeded.trackingToken}`));
    expect(res?.status).toBe(200);
    expectLockedDown(res!.headers);
  });

  it('fails on a policy that lets inline script in', () => {
    const loosened = new Headers({
      'Content-Security-Policy': `default-src 'self'; script-src 'self' 'sha256-${'A'.repeat(43)}=' 'unsafe-inline'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'`,
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
    });
    expect(() => expectLockedDown(loosened)).toThrow();
  });
});
