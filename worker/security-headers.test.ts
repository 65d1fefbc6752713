// Finding 10: Permissions-Policy on every page (both entries use HEADERS_FOR_PAGES), and HSTS
// only when the portal is served over https (Node) and on every Static Asset (Workers).
import { afterEach, describe, expect, it } from 'vitest';
import {
  cloudflareHeadersFile,
  HEADERS_FOR_PAGES,
  pageHeaders,
  STRICT_TRANSPORT_SECURITY,
  withHsts,
} from './security-headers.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';

describe('page headers', () => {
  it('allow the camera to our own pages and nothing else', () => {
    const policy = 'camera=(self), microphone=(), geolocation=()';
    expect(HEADERS_FOR_PAGES['Permissions-Policy']).toBe(policy);
    expect(cloudflareHeadersFile()).toContain(`Permissions-Policy: ${policy}`);
  });

  it("let the browser reach the object store's origin only where it is another one", () => {
    const csp = (headers: Record<string, string>) =>
      Object.fromEntries(
        headers['Content-Security-Policy']!.split('; ').map((d) => [d.split(' ')[0], d]),
      );
    expect(csp(HEADERS_FOR_PAGES)['connect-src']).toBe("connect-src 'self'");
    const r2 = csp(pageHeaders('https://acc.r2.cloudflarestorage.com'));
    expect(r2['connect-src']).toBe("connect-src 'self' https://acc.r2.cloudflarestorage.com");
    expect(r2['img-src']).toBe("img-src 'self' data: blob: https://acc.r2.cloudflarestorage.com");
    expect(r2['default-src']).toBe("default-src 'self'");
    expect(cloudflareHeadersFile('https://acc.r2.cloudflarestorage.com')).toContain(
      "connect-src 'self' https://acc.r2.cloudflarestorage.com;",
    );
  });

  it('add HSTS to a page only for an https origin', () => {
    const page = () =>
      new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } });
    const secure = withHsts(page(), 'https://portal.example.co.za');
    expect(secure.headers.get('Strict-Transport-Security')).toBe(STRICT_TRANSPORT_SECURITY);
    expect(secure.headers.get('Content-Type')).toBe('text/html');
    expect(withHsts(page(), 'http://127.0.0.1:8787').headers.has('Strict-Transport-Security')).toBe(
      false,
    );
  });

  it("add HSTS to every file Cloudflare's Static Assets serve (a deployed Worker is https only)", () => {
    expect(cloudflareHeadersFile()).toContain(`/*\n  X-Content-Type-Options: nosniff\n`);
    expect(cloudflareHeadersFile().split('/assets/*')[0]).toContain(
      `  Strict-Transport-Security: ${STRICT_TRANSPORT_SECURITY}\n`,
    );
  });
});

describe('API answers', () => {
  let t: TestApp;
  afterEach(() => t.dispose());

  it('carry a one-year HSTS when PUBLIC_ORIGIN is https', async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://portal.example.co.za' } });
    const res = await t.request('/api/config');
    expect(res.headers.get('Strict-Transport-Security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('carry no HSTS over plain http', async () => {
    t = await createTestApp();
    const res = await t.request('/api/config');
    expect(res.headers.has('Strict-Transport-Security')).toBe(false);
  });
});
