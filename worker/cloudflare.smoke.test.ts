// Smoke test of the Workers entry in workerd: `wrangler dev` with the wrangler.toml bindings
// (Static Assets, local R2) against a real sqld over HTTP (testing/smoke-stack.ts), talked to from
// outside like an API client; R2's presigned URLs are checked, never called. Needs `npm run
// build` first (npm test runs it as `npm run test:workers`); SMOKE_ASSETS_DIR serves another build.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES } from '../schema/sections.ts';
import { importSigningKey, signStorageUrl } from './crypto/signed-urls.ts';
import { smokeClient } from './testing/smoke-client.ts';
import {
  expectR2PresignedPut,
  R2_ACCOUNT_ID,
  type SmokeStack,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  startSmokeStack,
} from './testing/smoke-stack.ts';
import { expectWorkerPageHeaders } from './testing/worker-page-headers.ts';

const R2_ORIGIN = `https://${R2_ACCOUNT_ID}.r2.cloudflarestorage.com`;
let stack: SmokeStack;
let base: string;
beforeAll(async () => {
  stack = await startSmokeStack();
  base = stack.base;
}, 60_000);
afterAll(() => stack?.stop(), 20_000);

const { json, post, signIn } = smokeClient(() => stack);

describe('the Workers entry in workerd (wrangler dev + sqld + local R2)', () => {
  it('answers the health check', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    const health = { ok: true, mail: 'configured', schema: { current: true } };
    expect(await json(res)).toMatchObject(health);
  });

  it('serves the pre-rendered pages and their assets from Static Assets', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<div id="root" data-prerendered="/">');
    expect(html).toContain('Welcome to secure, POPIA-compliant practitioner onboarding');
    // The app's entry, fetched and started after the first paint (decision 104).
    const script = /<link crossorigin href="(\/assets\/[^"]+\.js)" data-app-entry>/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${base}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Content-Type')).toMatch(/javascript/);
    await asset.arrayBuffer();

    // /track is its own pre-rendered page; an unknown API path stays the Worker's JSON 404.
    const route = await fetch(`${base}/track`, {
      headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' },
    });
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root" data-prerendered="/track">');
    // The Node entry's headers but a CSP naming R2's origin, set by the Worker from its
    // configuration on a build made without it (decision 113).
    const dashboard = await fetch(`${base}/dashboard`);
    await expectWorkerPageHeaders(stack.assets, R2_ORIGIN, {
      '/': res,
      '/track': route,
      '/dashboard': dashboard,
    });
    expect(asset.headers.get('Cache-Control')).toContain('immutable');
    const api = await fetch(`${base}/api/no-such-endpoint`);
    expect(api.status).toBe(404);
    expect(await json(api)).toMatchObject({ error: { code: 'not_found' } });
  });

  it('lists the active scheme administrators of the seeded catalogue (reads sqld)', async () => {
    const res = await fetch(`${base}/api/schemes`);
    expect(res.status).toBe(200);
    const administrators = (await res.json()) as { parentKey: string }[];
    // The seed's 15 less Resolution Health, inactive (decision 072).
    expect(administrators).toHaveLength(14);
    expect(new Set(administrators.map((a) => a.parentKey)).size).toBe(14);
    const catalogue = await fetch(`${base}/api/catalogue`);
    expect(((await catalogue.json()) as { reviewedOn: string }).reviewedOn).toBe('2026-11-23');
  });

  it('answers a lookup of an unknown practice number with a JSON 404 (reads sqld)', async () => {
    const res = await post('/api/lookup', {
      identifier: '0999999',
      identifierType: 'practice_number',
    });
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ error: { code: 'not_found' } });
  });

  it('signs a staff member in (scrypt in workerd, session in sqld) and serves the stats', async () => {
    const anonymous = await fetch(`${base}/api/admin/stats`);
    expect(anonymous.status).toBe(401);
    await anonymous.arrayBuffer();

    const wrong = await post('/api/auth/login', {
      email: STAFF_EMAIL,
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    await wrong.arrayBuffer();

    const cookie = await signIn();
    const stats = await fetch(`${base}/api/admin/stats`, { headers: { Cookie: cookie } });
    expect(stats.status).toBe(200);
    expect(await json(stats)).toMatchObject({
      totalSubmissions: 0,
      totalPractitioners: 0,
    });
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const res = await post(
      '/api/auth/login',
      { email: STAFF_EMAIL, password: STAFF_PASSWORD },
      { Origin: 'https://attacker.example' },
    );
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ error: { code: 'forbidden_origin' } });
  });

  it('issues R2 presigned upload URLs (checked, never called) and checks R2 for the bytes', async () => {
    // A practitioner's document: a ticket in sqld and a URL signed in workerd (aws4fetch).
    // R2 signs the declared size and type; without them (the spec's bare request) the URL is
    // the Worker's own, which streams the file into R2 capped at the section's limit.
    const undeclared = await post('/api/objects/upload', {
      filename: 'certified_id_1737280000000.pdf',
    });
    expect(undeclared.status).toBe(200);
    const ownUrl = new URL(((await json(undeclared)) as { uploadURL: string }).uploadURL);
    expect(ownUrl.pathname).toMatch(/^\/api\/storage\/uploads\//);
    expect(ownUrl.searchParams.get('max')).toBe(String(MAX_FILE_BYTES));
    const ticket = await post('/api/objects/upload', {
      filename: 'certified_id_1737280000000.pdf',
      size: 2048,
      contentType: 'application/pdf',
    });
    expect(ticket.status).toBe(200);
    const { uploadURL } = (await json(ticket)) as { uploadURL: string };
    expectR2PresignedPut(uploadURL);
    expect(new URL(uploadURL).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host;if-none-match',
    );

    // A staff registration form: registering it before the bytes are in the local R2 bucket
    // is refused after the binding's head() finds nothing.
    const staff = await signIn();
    const upload = await post(
      '/api/upload/presigned-url',
      { fileType: 'application/pdf', fileSize: 4096 },
      { Cookie: staff },
    );
    expect(upload.status).toBe(200);
    const { uploadUrl, storagePath } = (await json(upload)) as {
      uploadUrl: string;
      storagePath: string;
    };
    expectR2PresignedPut(uploadUrl);
    const register = await post(
      '/api/admin/medical-aid-documents',
      {
        schemeKey: 'discovery',
        schemeName: 'Discovery Health',
        fileName: 'discovery-registration.pdf',
        fileSize: 1024,
        fileType: 'application/pdf',
        storagePath,
        description: null,
        year: 2026,
      },
      { Cookie: staff },
    );
    expect(register.status).toBe(400);
    expect(await json(register)).toMatchObject({ error: { code: 'upload_missing' } });
  });

  it('reads the local R2 bucket through the binding (signed GET of a missing object)', async () => {
    const url = await signStorageUrl(await importSigningKey(stack.signingSecret), base, {
      method: 'GET',
      key: `smoke/${crypto.randomUUID()}`,
      fileName: 'missing.pdf',
      expiresInSeconds: 60,
    });
    const res = await fetch(url);
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ error: { code: 'not_found' } });
  });

  it('streams a signed PUT through the Worker into R2 and serves it back', async () => {
    const signingKey = await importSigningKey(stack.signingSecret);
    const key = `smoke/${crypto.randomUUID()}`;
    const bytes = new TextEncoder().encode('%PDF-1.4\nsmoke test\n%%EOF\n');
    const put = await fetch(
      await signStorageUrl(signingKey, base, {
        method: 'PUT',
        key,
        contentTypes: ['application/pdf'],
        maxBytes: 1024,
        expiresInSeconds: 60,
      }),
      { method: 'PUT', body: bytes, headers: { 'Content-Type': 'application/pdf' } },
    );
    expect(put.status).toBe(200);
    expect(await json(put)).toEqual({ key, size: bytes.byteLength });
    const get = await fetch(
      await signStorageUrl(signingKey, base, {
        method: 'GET',
        key,
        fileName: 'smoke.pdf',
        expiresInSeconds: 60,
      }),
    );
    expect(get.status).toBe(200);
    expect(new Uint8Array(await get.arrayBuffer())).toEqual(bytes);
  });

  it('mails a password reset link through the mail API after answering', async () => {
    const res = await post('/api/auth/forgot-password', { email: STAFF_EMAIL });
    expect(res.status).toBe(200);
    // Earlier mails (the staff member told of their MFA enrolment, decision 096) come first.
    const reset = () => stack.mails.find((m) => m.body.text.includes('/dashboard/reset-password'));
    await vi.waitFor(() => expect(reset()).toBeDefined(), { timeout: 10_000 });
    expect(reset()).toMatchObject({
      authorization: 'Bearer smoke-mail-key',
      body: {
        to: [STAFF_EMAIL],
        text: expect.stringContaining(`${base}/dashboard/reset-password?token=`),
      },
    });
  });

  it('runs the cron maintenance against sqld and R2, and logged no error all along', async () => {
    const res = await fetch(`${base}/cdn-cgi/local/scheduled?cron=*/10+*+*+*+*&format=json`);
    expect(await json(res)).toMatchObject({ outcome: 'ok' });
    // workerd's console output reaches wrangler's stdout a little later: once wrangler has
    // logged one more request made after the cron run, what that run logged is there too.
    const healthLines = () => stack.wrangler.output().split('GET /api/health 200').length;
    const before = healthLines();
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    await vi.waitFor(() => expect(healthLines()).toBeGreaterThan(before), { timeout: 10_000 });
    expect(stack.wrangler.output()).toContain('Ready on');
    expect(stack.wrangler.output()).not.toMatch(
      /maintenance step failed|unhandled error|request failed|level\\?":\\?"error|Uncaught|\[wrangler:error\]/,
    );
  });
});
