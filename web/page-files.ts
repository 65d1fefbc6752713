// Which built HTML file opens which path: the pre-rendered public pages
// (build/prerender-pages.ts writes them, the service worker answers navigations with them).
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'index.html',
  '/track': 'track/index.html',
  '/track/lookup': 'track/lookup/index.html',
  '/track/forms': 'track/forms/index.html',
  '/legal': 'legal/index.html',
};
/** Rendered at a path no route matches: the router's 404 page. */
export const NOT_FOUND_PAGE = '404.html';
/** The empty page the client-only routes (the staff dashboard) start from. */
export const SHELL_PAGE = 'shell.html';
export const SHELL_PREFIXES = ['/dashboard'];

/** The file for a navigation to `pathname`: its page, the shell, or the 404 page. */
export function pageFileFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = PRERENDERED_PAGES[path];
  if (page) return page;
  if (SHELL_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) return SHELL_PAGE;
  return NOT_FOUND_PAGE;
}
/** Next to the web root: the server render entry (web/prerender.tsx) as the build left it. */
export const SERVER_RENDER_DIR = '../server';
export const SERVER_RENDER_ENTRY = 'prerender.js';
/** Beside it: the empty page a tracking link's server render fills, the shell with the files of
 * the /track route marked for fetching (build/route-modules.ts). */
export const TRACKING_PAGE_TEMPLATE = 'tracking-page.html';
