// The Node entry's static serving, against a built-like tree in a temp folder: the build's
// own compression step writes the .br/.gz copies, then requests go through the handler.
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CACHE_HASHED_ASSETS,
  CACHE_REVALIDATE,
  cloudflareHeadersFile,
  HEADERS_FOR_EVERY_FILE,
  HEADERS_FOR_PAGES,
} from './security-headers.ts';
import { acceptedCodings, createStaticSite } from './static-site.ts';
import { precompressTree } from './static-site-precompress.ts';

const CHROMIUM = 'gzip, deflate, br, zstd';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const HTML = `<!doctype html><html><head><title>Portal</title></head><body>${'<p>shell</p>'.repeat(100)}</body></html>`;

let root: string;
let outside: string;
let site: (request: Request) => Promise<Response>;

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  site(new Request(`http://127.0.0.1${path}`, { method, headers }));

beforeAll(async () => {
  const parent = await mkdtemp(join(tmpdir(), 'static-site-'));
  root = join(parent, 'web');
  outside = join(parent, 'secret.txt');
  await mkdir(join(root, 'assets'), { recursive: true });
  await mkdir(join(root, 'icons'), { recursive: true });
  await mkdir(join(root, '.vite'), { recursive: true });
  await writeFile(join(root, 'index.html'), HTML);
  await writeFile(join(root, 'sw.js'), `self.addEventListener('fetch', () => {});${SCRIPT}`);
  await writeFile(join(root, 'assets/index-abc123.js'), SCRIPT);
  await writeFile(join(root, 'assets/tiny-abc123.js'), 'x');
  await writeFile(join(root, 'icons/icon.png'), Buffer.alloc(2000, 7));
  await writeFile(join(root, 'manifest.webmanifest'), JSON.stringify({ name: 'x'.repeat(400) }));
  await writeFile(join(root, '_headers'), cloudflareHeadersFile());
  await writeFile(join(root, '.vite/manifest.json'), '{}');
  await writeFile(outside, 'not for visitors');
  await precompressTree(root);
  site = createStaticSite(root);
});

afterAll(async () => {
  await rm(join(root, '..'), { recursive: true, force: true });
});

describe('encoding negotiation', () => {
  it('sends brotli to a browser that accepts it, with its own length and Vary', async () => {
    const res = await get('/assets/index-abc123.js', { 'Accept-Encoding': CHROMIUM });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(body.byteLength);
    expect(body.byteLength).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('sends gzip, never brotli, to a client without br', async () => {
    const res = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate' });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(SCRIPT);
    const refused = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(refused.headers.get('Content-Encoding')).toBe('gzip');
  });

  it('sends the original bytes when nothing is accepted', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': '*;q=0' },
    ];
    for (const headers of cases) {
      const res = await get('/assets/index-abc123.js', headers);
      expect(res.headers.get('Content-Encoding')).toBeNull();
      expect(res.headers.get('Vary')).toBe('Accept-Encoding');
      expect(await res.text()).toBe(SCRIPT);
      expect(res.headers.get('Content-Length')).toBe(String(SCRIPT.length));
    }
  });

  it('sends the original when compressing did not pay (no copy was written)', async () => {
    const res = await get('/assets/tiny-abc123.js', { 'Accept-Encoding': CHROMIUM });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.text()).toBe('x');
  });

  it('never sends a copy older than its file (changed after the build)', async () => {
    await writeFile(join(root, 'assets/late-abc123.js'), SCRIPT);
    await precompressTree(root);
    const later = new Date(Date.now() + 60_000);
    await writeFile(join(root, 'assets/late-abc123.js'), `${SCRIPT}// hot fix\n`);
    await utimes(join(root, 'assets/late-abc123.js'), later, later);
    const res = await get('/assets/late-abc123.js', { 'Accept-Encoding': CHROMIUM });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.text()).toBe(`${SCRIPT}// hot fix\n`);
  });

  it('does not compress images and does not vary them', async () => {
    const res = await get('/icons/icon.png', { 'Accept-Encoding': CHROMIUM });
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBeNull();
    expect((await res.arrayBuffer()).byteLength).toBe(2000);
  });

  it('reads Accept-Encoding q-values and the wildcard', () => {
    expect([...acceptedCodings('gzip;q=0.5, br;q=1.0')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedCodings('*')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedCodings('*, br;q=0')]).toEqual(['gzip']);
    expect(acceptedCodings(null).size).toBe(0);
  });
});

describe('headers', () => {
  it('caches hashed assets for a year and revalidates pages and the service worker', async () => {
    expect((await get('/assets/index-abc123.js')).headers.get('Cache-Control')).toBe(
      CACHE_HASHED_ASSETS,
    );
    for (const path of ['/', '/index.html', '/sw.js', '/track']) {
      expect((await get(path)).headers.get('Cache-Control'), path).toBe(CACHE_REVALIDATE);
    }
    expect((await get('/manifest.webmanifest')).headers.get('Content-Type')).toBe(
      'application/manifest+json',
    );
  });

  it('puts the security headers on every file and the page headers on pages', async () => {
    const page = await get('/', { 'Accept-Encoding': CHROMIUM });
    expect(page.headers.get('Content-Encoding')).toBe('br');
    for (const [name, value] of Object.entries({ ...HEADERS_FOR_EVERY_FILE, ...HEADERS_FOR_PAGES }))
      expect(page.headers.get(name), name).toBe(value);
    const script = await get('/assets/index-abc123.js');
    for (const [name, value] of Object.entries(HEADERS_FOR_EVERY_FILE))
      expect(script.headers.get(name), name).toBe(value);
    expect(script.headers.get('Content-Security-Policy')).toBeNull();
    expect((await get('/nope/../_headers')).headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('answers a matching If-None-Match with 304, per encoding', async () => {
    const first = await get('/assets/index-abc123.js', { 'Accept-Encoding': CHROMIUM });
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/assets/index-abc123.js', {
      'Accept-Encoding': CHROMIUM,
      'If-None-Match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
    expect(again.headers.get('Cache-Control')).toBe(CACHE_HASHED_ASSETS);
    expect(await again.text()).toBe('');
    // The gzip copy is another representation: the brotli tag must not validate it.
    const gzip = await get('/assets/index-abc123.js', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': etag,
    });
    expect(gzip.status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get('/assets/index-abc123.js', { 'Accept-Encoding': CHROMIUM }, 'HEAD');
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('Content-Length'))).toBeGreaterThan(0);
    expect(res.body).toBeNull();
    expect((await get('/', {}, 'POST')).status).toBe(405);
  });
});

describe('what is served at all', () => {
  it('falls back to index.html for client routes, compressed', async () => {
    const res = await get('/track/lookup?token=abc', { 'Accept-Encoding': CHROMIUM });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(HTML);
  });

  it('answers a missing hashed asset with 404, not the page', async () => {
    const res = await get('/assets/gone-old.js');
    expect(res.status).toBe(404);
  });

  it('refuses traversal, hidden files, _headers and the raw compressed copies', async () => {
    const secret = await readFile(outside, 'utf8');
    // Encoded separators survive URL parsing and reach the handler as `..` segments.
    for (const path of [
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/.vite/manifest.json',
      '/_headers',
      '/assets/index-abc123.js.br',
      '/index.html.gz',
      '/%00',
      '/%E0%A4%A',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain(secret);
    }
    // Encoded dots are resolved by the URL parser itself: the request stays inside the root.
    for (const path of ['/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt']) {
      expect(await (await get(path)).text(), path).toBe(HTML);
    }
  });

  it('says so when the app is not built', async () => {
    const empty = createStaticSite(join(root, 'no-such-folder'));
    const res = await empty(new Request('http://127.0.0.1/'));
    expect(res.status).toBe(503);
  });
});
