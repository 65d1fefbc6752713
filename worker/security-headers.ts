// Headers of the built web app, the same on both entries: node.ts sets them on what it
// serves; on Workers the Worker sets them on the pages it fetches from Static Assets
// (asset-page-headers.ts, decision 113), and the build's dist/web/_headers covers /assets/*.
import { PAGE_START_SCRIPT_HASH } from '../schema/page-start-script.ts';

/**
 * The pages' CSP (scripts: the app's files and the one inline start script, by its hash). objectOrigin: where the object store's presigned upload and download URLs
 * point when that is not the page's own origin (R2's S3 API on the Workers target, decision
 * 079); the browser PUTs to it (connect-src) and may show what it GETs (img-src).
 */
export function contentSecurityPolicy(objectOrigin?: string): string {
  const store = objectOrigin ? ` ${new URL(objectOrigin).origin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${PAGE_START_SCRIPT_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${store}`,
    "font-src 'self'",
    `connect-src 'self'${store}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export const HEADERS_FOR_EVERY_FILE: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Headers of every page; objectOrigin as for contentSecurityPolicy. */
export function pageHeaders(objectOrigin?: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(objectOrigin),
    'X-Frame-Options': 'DENY',
    // The upload cards' capture input uses the camera; nothing uses the microphone or location.
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=()',
  };
}

/** The Node entry's page headers: its disk store's URLs are on the page's own origin. */
export const HEADERS_FOR_PAGES: Record<string, string> = pageHeaders();

/**
 * HSTS, sent only when the portal's public origin is https (PUBLIC_ORIGIN): over plain http
 * (127.0.0.1 for `npm start`) it would mean nothing, and a wrong one on a shared host name
 * would lock out other http services. On Workers the pages come from Static Assets before
 * the Worker runs, so _headers carries it (cloudflareHeadersFile).
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export function wantsHsts(publicOrigin: string): boolean {
  return publicOrigin.startsWith('https://');
}

/** response with HSTS added when publicOrigin is https (the Node entry's pages). */
export function withHsts(response: Response, publicOrigin: string): Response {
  if (!wantsHsts(publicOrigin)) return response;
  const headers = new Headers(response.headers);
  headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

// Cache rules, the same on both entries. Hashed build output (/assets/*) never changes under
// its name; pages and the service worker must be revalidated so a deploy reaches phones.
export const CACHE_HASHED_ASSETS = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

/**
 * Cloudflare's _headers file. Every path gets the page headers too: Static Assets answer the
 * SPA fallback (index.html for /track and the like) under the requested path, and a CSP on a
 * script or an image is harmless. objectOrigin: R2's S3 API origin, fixed at build time because
 * Static Assets read _headers from the build (decision 079). HSTS always: a deployed Worker is
 * only reached over https, and a browser ignores HSTS that comes over plain http (RFC 6797
 * §8.1), as from `npm run start:workers`.
 */
export function cloudflareHeadersFile(objectOrigin?: string): string {
  const lines = (headers: Record<string, string>) =>
    Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return [
    '/*',
    ...lines({
      ...HEADERS_FOR_EVERY_FILE,
      ...pageHeaders(objectOrigin),
      'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY,
    }),
    '/assets/*',
    `  Cache-Control: ${CACHE_HASHED_ASSETS}`,
    // Static Assets revalidate HTML by default; the worker script is said explicitly.
    '/sw.js',
    `  Cache-Control: ${CACHE_REVALIDATE}`,
    '',
  ].join('\n');
}
