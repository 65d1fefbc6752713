// The Workers target's page headers against the Node entry's (its static site over the same
// build): the same, but for a CSP that names the object store's origin, which the Worker sets
// from its configuration whatever the build's _headers say (decision 113).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import {
  HEADERS_FOR_EVERY_FILE,
  HEADERS_FOR_PAGES,
  STRICT_TRANSPORT_SECURITY,
} from '../security-headers.ts';
import { createStaticSite } from '../static-site.ts';

/** pages: the Worker's answers by path; assets: the build it serves (made without objectOrigin). */
export async function expectWorkerPageHeaders(
  assets: string,
  objectOrigin: string,
  pages: Record<string, Response>,
) {
  expect(await readFile(join(assets, '_headers'), 'utf8')).not.toContain(objectOrigin);
  const nodeSite = createStaticSite(assets, { shellPage: 'shell.html' });
  for (const [path, page] of Object.entries(pages)) {
    const nodePage = await nodeSite(new Request(`http://127.0.0.1${path}`));
    await nodePage.arrayBuffer();
    for (const name of [
      ...Object.keys(HEADERS_FOR_EVERY_FILE),
      ...Object.keys(HEADERS_FOR_PAGES),
    ]) {
      expect(page.headers.get(name), `${path} ${name}`).toBeTruthy();
      if (name !== 'Content-Security-Policy') {
        expect(page.headers.get(name), `${path} ${name}`).toBe(nodePage.headers.get(name));
      }
    }
    const csp = page.headers.get('Content-Security-Policy');
    expect(csp).toContain(`connect-src 'self' ${objectOrigin};`);
    expect(csp).toContain(`img-src 'self' data: blob: ${objectOrigin};`);
    expect(page.headers.get('Strict-Transport-Security')).toBe(STRICT_TRANSPORT_SECURITY);
  }
}
