// Finding 6: every /api body is capped before it is read, so a 20 MB body is refused with
// 413 before any route (and its rate limit) runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../schema/db.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';

const TWENTY_MB = 20 * 1024 * 1024;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const bigJson = (bytes: number) => `{"email":"a@b.co","password":"${'x'.repeat(bytes)}"}`;

describe('the default body cap of the API', () => {
  it('refuses a 20 MB login body with 413 before the rate limit counts it', async () => {
    const started = Date.now();
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: bigJson(TWENTY_MB),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'request_too_large', message: 'The request is too large.' },
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await t.deps.db.select().from(rateLimits)).toEqual([]);
  });

  it('caps the forgot-password and staff routes too, also when Content-Length is declared', async () => {
    for (const path of ['/api/auth/forgot-password', '/api/admin/medical-aid-documents']) {
      const body = bigJson(100 * 1024);
      const res = await t.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
        body,
      });
      expect(res.status, path).toBe(413);
    }
    expect(await t.deps.db.select().from(rateLimits)).toEqual([]);
  });

  it('lets a submission body past 64 KB through to its own 2 MB cap', async () => {
    const res = await t.request('/api/submissions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ additionalNotes: 'x'.repeat(200 * 1024) }),
    });
    // Read and refused by validation, not by size.
    expect(res.status).toBe(400);
    const tooBig = await t.request('/api/submissions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ additionalNotes: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(tooBig.status).toBe(413);
  });
});
