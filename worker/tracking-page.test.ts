import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from './embedded.ts';
import { submitApplication } from './testing/fixtures.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';
import { createTrackingPage, jsonForScript, trackingPageHtml } from './tracking-page.ts';

const SHELL = `<!doctype html><html><head><title>Practitioner Onboarding</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;
// The app's own server render entry, as the build bundles it (build/prerender-pages.ts).
const RENDERER = resolve(import.meta.dirname, '../web/prerender.tsx');

let app: TestApp | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

async function trackingPageFor(options: { renderer?: string } = {}) {
  app = await createTestApp();
  const shellPage = join(app.dataDir, 'shell.html');
  await writeFile(shellPage, SHELL);
  const { response } = await submitApplication(app);
  const { trackingToken } = (await response.json()) as { trackingToken: string };
  const page = createTrackingPage({
    reads: app.deps.reads,
    logger: silentLogger,
    shellPage,
    renderer: options.renderer ?? RENDERER,
    headTag: '<meta name="portal-config" content="{}">',
  });
  return { page, trackingToken };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost:8787${path}`, { headers });

describe('the server-rendered tracking page', () => {
  it('renders the application for its token, with the same view for the browser and no caching', async () => {
    const { page, trackingToken } = await trackingPageFor();
    const response = await page(get(`/track?token=${trackingToken}`));
    expect(response?.status).toBe(200);
    expect(response?.headers.get('Cache-Control')).toBe('no-store');
    expect(response?.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    const html = await response!.text();
    expect(html).toContain('data-prerendered="tracking"');
    expect(html).toMatch(/<h1[^>]*>Welcome, Dr\. /);
    expect(html).toContain('<meta name="portal-config"');
    const json =
      /<script type="application\/json" id="tracking-view" data-token="([^"]+)">(.*?)<\/script>/s.exec(
        html,
      );
    expect(json?.[1]).toBe(trackingToken);
    const view = JSON.parse(json![2]!);
    expect(view.submission.trackingToken).toBe(trackingToken);
    // The ID number is never in the page, as it is never in the API's view.
    expect(html).not.toMatch(/\d{13}/);
  });

  it('leaves unknown tokens, other paths and the bare form to the static site', async () => {
    const { page } = await trackingPageFor();
    expect(await page(get('/track?token=no-such-token'))).toBeNull();
    expect(await page(get(`/track?token=${'x'.repeat(32)}`))).toBeNull();
    expect(await page(get('/track'))).toBeNull();
    expect(await page(get('/track/lookup?token=abc'))).toBeNull();
    expect(
      await page(new Request('http://localhost:8787/track?token=abc', { method: 'POST' })),
    ).toBeNull();
  });

  it('falls back to the static page when there is no server render (no build)', async () => {
    const { page, trackingToken } = await trackingPageFor({ renderer: '/no/such/prerender.js' });
    expect(await page(get(`/track?token=${trackingToken}`))).toBeNull();
  });

  it('sends brotli to browsers that take it', async () => {
    const { page, trackingToken } = await trackingPageFor();
    const response = await page(
      get(`/track?token=${trackingToken}`, { 'Accept-Encoding': 'gzip, br' }),
    );
    expect(response?.headers.get('Content-Encoding')).toBe('br');
    expect(response?.headers.get('Vary')).toBe('Accept-Encoding');
  });
});

describe('jsonForScript', () => {
  it('cannot close its script element or open a comment', () => {
    const text = jsonForScript({ notes: '</script><script>alert(1)</script><!-- & \u2028' });
    expect(text).not.toContain('</script');
    expect(text).not.toContain('<!--');
    expect(JSON.parse(text).notes).toBe('</script><script>alert(1)</script><!-- & \u2028');
  });
});

describe('trackingPageHtml', () => {
  it('needs the empty root of the shell', () => {
    expect(trackingPageHtml('<div id="app"></div>', '', 't', '', {} as never)).toBeNull();
  });
});
