// The built web app as the Node entry serves it (node.ts). Sends the build's precompressed
// copies (static-site-precompress.ts) to browsers that accept them: a practitioner on prepaid
// data downloads the brotli size, not the raw size. Node only; on Workers, Cloudflare Static
// Assets do all of this themselves (headers from dist/web/_headers).
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  CACHE_HASHED_ASSETS,
  CACHE_REVALIDATE,
  HEADERS_FOR_EVERY_FILE,
  HEADERS_FOR_PAGES,
} from './security-headers.ts';
import { createPageCache } from './static-site-pages.ts';
import { COMPRESSIBLE } from './static-site-precompress.ts';

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json',
  webmanifest: 'application/manifest+json',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
};

// Best first: brotli is ~15 % smaller than gzip on our bundles, and every current browser
// sends it over HTTPS (Chromium also over http://127.0.0.1).
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** Hashed build output may be cached for a year; pages and the worker must be revalidated. */
function cacheControl(file: string): string {
  if (file.startsWith('assets/')) return CACHE_HASHED_ASSETS;
  if (file.endsWith('.html') || file === 'sw.js') return CACHE_REVALIDATE;
  return 'public, max-age=3600';
}

/** The codings the client accepts (q > 0), `*` expanded to the ones we have. */
export function acceptedCodings(header: string | null): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let star = false;
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const wanted = q === undefined || Number(q.slice(2)) > 0;
    if (name === '*') star = wanted;
    else (wanted ? accepted : refused).add(name);
  }
  if (star) for (const { coding } of ENCODINGS) if (!refused.has(coding)) accepted.add(coding);
  return accepted;
}

/**
 * The file a URL path names, relative to the web root, or null when it must not be served:
 * traversal, hidden files (.vite/manifest.json), Cloudflare's _headers, and the compressed
 * copies themselves (they are only sent through negotiation, with the right headers).
 */
export function siteRelativePath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((s) => s.startsWith('.'))) return null;
  const path = segments.join('/');
  if (path === '_headers' || /\.(?:br|gz)$/.test(path)) return null;
  return decoded.endsWith('/') || path === '' ? [...segments, 'index.html'].join('/') : path;
}

async function fileStat(path: string) {
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...HEADERS_FOR_EVERY_FILE, ...extra },
  });
}

function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export type StaticSiteOptions = {
  /** Written into every HTML page's head (static-site-pages.ts), e.g. the public config. */
  pageHeadTag?: string;
  /** Client routes that are not pre-rendered start from this page (the empty shell)… */
  shellPage?: string;
  /** …when their path starts with one of these; any other unknown path is the 404 page. */
  shellPrefixes?: string[];
  notFoundPage?: string;
};

/**
 * A request handler for the web app under `root`. A path is its file, else its folder's
 * index.html (the pre-rendered pages: /track is track/index.html), else the SPA fallback:
 * the shell for the client-only routes, the pre-rendered 404 page (status 200, as before) for the rest,
 * index.html where the build wrote neither.
 */
export function createStaticSite(
  root: string,
  options: StaticSiteOptions = {},
): (request: Request) => Promise<Response> {
  const base = resolve(root);
  const page = options.pageHeadTag ? createPageCache(options.pageHeadTag) : null;

  async function send(request: Request, file: string, status = 200): Promise<Response | null> {
    const path = join(base, file);
    const original = await fileStat(path);
    if (!original) return null;
    if (page && file.endsWith('.html')) return sendPage(request, file, path, original, status);
    const compressible = COMPRESSIBLE.test(file);
    let chosen = { path, info: original, coding: '' };
    if (compressible) {
      const accepted = acceptedCodings(request.headers.get('Accept-Encoding'));
      for (const { coding, suffix } of ENCODINGS) {
        if (!accepted.has(coding)) continue;
        const info = await fileStat(path + suffix);
        // A copy older than its file is stale (the file was changed after the build, as a
        // hot-fixed sw.js would be): the original bytes are right, the copy is not.
        if (info && info.mtimeMs >= original.mtimeMs) {
          chosen = { path: path + suffix, info, coding };
          break;
        }
      }
    }
    const extension = file.slice(file.lastIndexOf('.') + 1);
    const contentType = CONTENT_TYPES[extension] ?? 'application/octet-stream';
    // Size and time of the bytes actually sent, so each encoding has its own tag.
    const etag = `"${chosen.info.size.toString(16)}-${Math.floor(chosen.info.mtimeMs).toString(16)}${chosen.coding ? `-${chosen.coding}` : ''}"`;
    const headers = new Headers({
      ...HEADERS_FOR_EVERY_FILE,
      ...(contentType.startsWith('text/html') ? HEADERS_FOR_PAGES : {}),
      'Cache-Control': cacheControl(file),
      ETag: etag,
    });
    if (compressible) headers.set('Vary', 'Accept-Encoding');
    if (etagMatches(request.headers.get('If-None-Match'), etag)) {
      return new Response(null, { status: 304, headers });
    }
    headers.set('Content-Type', contentType);
    headers.set('Content-Length', String(chosen.info.size));
    if (chosen.coding) headers.set('Content-Encoding', chosen.coding);
    const body = request.method === 'HEAD' ? null : await readFile(chosen.path);
    return new Response(body, { status, headers });
  }

  async function sendPage(
    request: Request,
    file: string,
    path: string,
    original: { mtimeMs: number },
    status: number,
  ): Promise<Response> {
    const variants = await page!(path, original.mtimeMs);
    const accepted = acceptedCodings(request.headers.get('Accept-Encoding'));
    const coding = ENCODINGS.find((e) => accepted.has(e.coding))?.coding ?? '';
    const body =
      coding === 'br' ? variants.br : coding === 'gzip' ? variants.gzip : variants.identity;
    const etag = `"${variants.tag}${coding ? `-${coding}` : ''}"`;
    const headers = new Headers({
      ...HEADERS_FOR_EVERY_FILE,
      ...HEADERS_FOR_PAGES,
      'Cache-Control': cacheControl(file),
      ETag: etag,
      Vary: 'Accept-Encoding',
    });
    if (etagMatches(request.headers.get('If-None-Match'), etag)) {
      return new Response(null, { status: 304, headers });
    }
    headers.set('Content-Type', CONTENT_TYPES.html!);
    headers.set('Content-Length', String(body.byteLength));
    if (coding) headers.set('Content-Encoding', coding);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status,
      headers,
    });
  }

  async function fallback(request: Request, pathname: string): Promise<Response | null> {
    const { shellPage, shellPrefixes = [], notFoundPage } = options;
    if (shellPage && shellPrefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`))) {
      const shell = await send(request, shellPage);
      if (shell) return shell;
    }
    if (notFoundPage) {
      // 200, as the single-page app always answered: the router, not the status, says 404.
      const notFound = await send(request, notFoundPage);
      if (notFound) return notFound;
    }
    return send(request, 'index.html');
  }

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plain(405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    }
    const { pathname } = new URL(request.url);
    const file = siteRelativePath(pathname);
    if (file === null) return plain(404, 'Not Found');
    const found =
      (await send(request, file)) ??
      (file.endsWith('.html') ? null : await send(request, `${file}/index.html`));
    if (found) return found;
    // A missing hashed file is a stale client, not a page: HTML there would fail as a script.
    if (file.startsWith('assets/')) return plain(404, 'Not Found');
    // SPA fallback: every other path is a client route (the router shows the 404 page itself).
    return (
      (await fallback(request, pathname)) ??
      plain(503, 'The web app has not been built. Run "npm run build".')
    );
  };
}
