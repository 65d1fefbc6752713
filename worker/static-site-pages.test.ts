// Pre-rendered pages as the Node entry serves them: each for its path, the shell for the
// dashboard, the 404 page elsewhere, every page with the public config in it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticSite } from './static-site.ts';
import { publicConfigMeta } from './static-site-pages.ts';

const page = (name: string) => `<!doctype html><html><head></head><body>${name}</body></html>`;
let root: string;
let site: (request: Request) => Promise<Response>;
const get = (path: string) =>
  site(new Request(`http://127.0.0.1${path}`, { headers: { 'Accept-Encoding': 'identity' } }));

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'static-pages-'));
  await mkdir(join(root, 'track'), { recursive: true });
  await writeFile(join(root, 'index.html'), page('home'));
  await writeFile(join(root, 'track/index.html'), page('track'));
  await writeFile(join(root, 'shell.html'), page('shell'));
  await writeFile(join(root, '404.html'), page('not found'));
  site = createStaticSite(root, {
    pageHeadTag: publicConfigMeta({
      supportEmail: 'help@bureau.test',
      bureauName: 'A "quoted" <Bureau> & Co',
      postalAddress: ['PO Box 42'],
    }),
    shellPage: 'shell.html',
    shellPrefixes: ['/dashboard'],
    notFoundPage: '404.html',
  });
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('pre-rendered pages', () => {
  it.each([
    ['/', 200, 'home'],
    ['/track', 200, 'track'],
    ['/track/', 200, 'track'],
    ['/dashboard/login', 200, 'shell'],
    ['/no/such/page', 200, 'not found'],
  ])('%s is answered %i with the %s page, not cached', async (path, status, body) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toContain('no-cache');
    expect(await res.text()).toContain(`<body>${body}</body>`);
  });

  it('writes the public config into the head, escaped, readable as JSON', async () => {
    const html = await (await get('/track')).text();
    const content = /<meta name="portal-config" content="([^"]*)">/.exec(html)?.[1];
    expect(content).toBeDefined();
    const decoded = content!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual({
      supportEmail: 'help@bureau.test',
      bureauName: 'A "quoted" <Bureau> & Co',
      postalAddress: ['PO Box 42'],
    });
    expect(html.indexOf('portal-config')).toBeLessThan(html.indexOf('</head>'));
  });

  it('sends the page brotli-compressed with its own ETag, and 304 when it matches', async () => {
    const req = (headers: Record<string, string>) =>
      site(new Request('http://127.0.0.1/', { headers: { 'Accept-Encoding': 'br', ...headers } }));
    const res = await req({});
    expect(res.headers.get('Content-Encoding')).toBe('br');
    const etag = res.headers.get('ETag')!;
    expect(etag).toMatch(/-br"$/);
    expect((await req({ 'If-None-Match': etag })).status).toBe(304);
  });
});
