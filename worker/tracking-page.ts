// /track?token=… rendered by the Node entry (docs/decisions/077-server-rendered-tracking.md): a
// practitioner on a slow phone sees the application's status as soon as the HTML arrives, not
// after ~150 KB of JavaScript and a request. The page is the app's own render (the build's
// server entry, web/prerender.tsx, loaded from the build output: worker/ never imports web/),
// with the same view in the page as JSON for the browser's first render. Anything it cannot
// do (no such token, no build, a render that throws) leaves the static /track page to answer.
import { readFile, stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { TrackingResponse } from '../schema/tracking-api.ts';
import { TRACKING_MARK, TRACKING_VIEW_ELEMENT } from '../schema/tracking-page.ts';
import type { Logger } from './deps.ts';
import type { PreparedReads } from './ports.ts';
import { safeError } from './safe-error.ts';
import { HEADERS_FOR_EVERY_FILE, HEADERS_FOR_PAGES } from './security-headers.ts';
import { trackingView } from './services/tracking/tracking.ts';
import { acceptedCodings } from './static-site.ts';
import { withHeadTag } from './static-site-pages.ts';

type Renderer = { renderTrackingPage(token: string, view: TrackingResponse): Promise<string> };

const EMPTY_ROOT = '<div id="root"></div>';

/** JSON that cannot end its <script> element or be read as HTML inside it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const attribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The shell page with the rendered markup and its view in place of the empty root. */
export function trackingPageHtml(
  shell: string,
  headTag: string,
  token: string,
  markup: string,
  view: TrackingResponse,
): string | null {
  if (!shell.includes(EMPTY_ROOT)) return null;
  const root =
    `<div id="root" data-prerendered="${TRACKING_MARK}">${markup}</div>` +
    `<script type="application/json" id="${TRACKING_VIEW_ELEMENT}" data-token="${attribute(token)}">${jsonForScript(view)}</script>`;
  return withHeadTag(
    shell.replace(EMPTY_ROOT, () => root),
    headTag,
  );
}

export type TrackingPageOptions = {
  reads: PreparedReads;
  logger: Logger;
  /** The built empty page it fills: the shell with /track's files marked (dist/server/tracking-page.html). */
  shellPage: string;
  /** The build's server render entry (dist/server/prerender.js). */
  renderer: string;
  /** Written into the page's head, as the static site does (the public config). */
  headTag: string;
};

export function createTrackingPage(options: TrackingPageOptions) {
  let renderer: Promise<Renderer | null> | undefined;
  let shell: { mtimeMs: number; html: string } | undefined;

  const loadRenderer = () => {
    renderer ??= stat(options.renderer)
      .then(() => import(pathToFileURL(options.renderer).href) as Promise<Renderer>)
      .catch((error) => {
        options.logger.error('tracking page: no server render', safeError(error));
        return null;
      });
    return renderer;
  };

  async function shellHtml(): Promise<string> {
    const info = await stat(options.shellPage);
    if (shell?.mtimeMs !== info.mtimeMs) {
      shell = { mtimeMs: info.mtimeMs, html: await readFile(options.shellPage, 'utf8') };
    }
    return shell.html;
  }

  /** The rendered page, or null for the static site to answer. */
  return async (request: Request): Promise<Response | null> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const url = new URL(request.url);
    if (url.pathname !== '/track' && url.pathname !== '/track/') return null;
    // As the route reads it (web/routes/track/index.tsx).
    const token = (url.searchParams.get('token') ?? '').trim().slice(0, 200);
    if (!token) return null;
    try {
      const view = await trackingView(options.reads, token);
      if (!view) return null;
      const render = await loadRenderer();
      if (!render) return null;
      const markup = await render.renderTrackingPage(token, view);
      const html = trackingPageHtml(await shellHtml(), options.headTag, token, markup, view);
      if (!html) return null;
      return send(request, Buffer.from(html));
    } catch (error) {
      options.logger.error('tracking page: render failed', safeError(error));
      return null;
    }
  };
}

function send(request: Request, identity: Buffer): Response {
  const accepted = acceptedCodings(request.headers.get('Accept-Encoding'));
  // Rendered per request: a quick brotli level, still far smaller than gzip -9 of the same.
  const [body, coding] = accepted.has('br')
    ? [brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), 'br']
    : accepted.has('gzip')
      ? [gzipSync(identity), 'gzip']
      : [identity, ''];
  const headers = new Headers({
    ...HEADERS_FOR_EVERY_FILE,
    ...HEADERS_FOR_PAGES,
    // A practitioner's details: never kept by a browser or a proxy.
    'Cache-Control': 'no-store',
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(body.byteLength),
    Vary: 'Accept-Encoding',
  });
  if (coding) headers.set('Content-Encoding', coding);
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
    status: 200,
    headers,
  });
}
