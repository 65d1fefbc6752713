import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

describe('the API app', () => {
  it('lists no registration forms on a fresh database', async () => {
    const res = await t.request('/api/medical-aid-documents');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'There is no such API endpoint' },
    });
  });

  it('serves the public configuration with the documented defaults', async () => {
    const res = await t.request('/api/config');
    expect(await res.json()).toEqual({
      supportEmail: 'support@example.co.za',
      bureauName: 'Medical Billing Bureau',
      postalAddress: ['Medical Billing Bureau', 'PO Box 0000', 'Cape Town', '8000', 'South Africa'],
    });
  });

  it('sets security headers and keeps API answers out of shared caches', async () => {
    const res = await t.request('/api/medical-aid-documents');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    // A route's own choice is kept, and its answer gets the security headers all the same.
    const config = await t.request('/api/config');
    expect(config.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(config.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    // An error answer too.
    const missing = await t.request('/api/no-such-thing');
    expect(missing.headers.get('Cache-Control')).toBe('no-store');
    expect(missing.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('refuses state-changing requests from another site', async () => {
    const foreign = await t.request('/api/storage/x', {
      method: 'PUT',
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.code).toBe('forbidden_origin');
    const crossSite = await t.request('/api/storage/x', {
      method: 'PUT',
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });
});
