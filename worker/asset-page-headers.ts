// The Workers target's page headers, set by the Worker at run time from its configuration
// (decision 113). Static Assets would serve the build's _headers, whose CSP names the object
// store's origin only if the build was told it; a bare `wrangler deploy` or Workers Builds
// builds without it, and every upload and staff View would be blocked. So every path but the
// hashed /assets/* runs the Worker first (wrangler.toml run_worker_first), which fetches the
// file from the ASSETS binding and sets the same headers the Node entry sends, with the CSP
// for R2's origin from env.
import {
  CACHE_REVALIDATE,
  HEADERS_FOR_EVERY_FILE,
  pageHeaders,
  STRICT_TRANSPORT_SECURITY,
} from './security-headers.ts';

/** The asset's response with the pages' headers for objectOrigin (HSTS: see cloudflareHeadersFile). */
export function withPageHeaders(response: Response, objectOrigin: string, path: string): Response {
  const headers = new Headers(response.headers);
  const wanted = {
    ...HEADERS_FOR_EVERY_FILE,
    ...pageHeaders(objectOrigin),
    'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY,
  };
  for (const [name, value] of Object.entries(wanted)) headers.set(name, value);
  if (path === '/sw.js') headers.set('Cache-Control', CACHE_REVALIDATE);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
