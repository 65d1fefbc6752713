// Pre-renders the public pages at build time (docs/decisions/060-prerendered-public-pages.md):
// a practitioner on a slow phone sees the page before ~100 KB of JavaScript has run. After the
// client build has written dist/web, a Vite SSR build of web/prerender.tsx renders each page
// with the same router and components; every page is the built index.html (with its hashed
// asset tags, its stylesheet inline, build/inline-stylesheet.ts, and its app started after the
// first paint, build/start-after-paint.ts) with the page's markup in #root. Runs in writeBundle, before vite-plugin-pwa
// builds the service worker (closeBundle), so the pages are precached with their revisions.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { NOT_FOUND_MARK } from '../web/lib/prerendered.ts';
import {
  NOT_FOUND_PAGE,
  PRERENDERED_PAGES,
  SERVER_RENDER_DIR,
  SHELL_PAGE,
  TRACKING_PAGE_TEMPLATE,
} from '../web/page-files.ts';
import { inlineStylesheets } from './inline-stylesheet.ts';
import { type Manifest, routeModules, withRouteModules } from './route-modules.ts';
import { startAfterFirstPaint } from './start-after-paint.ts';

const EMPTY_ROOT = '<div id="root"></div>';

export function pageHtml(template: string, mark: string, markup: string): string {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`);
  // A function replacement: `$` in the markup must stay as it is.
  return template.replace(
    EMPTY_ROOT,
    () => `<div id="root" data-prerendered="${mark}">${markup}</div>`,
  );
}

type Render = (path: string) => Promise<string>;

async function buildRenderer(webRoot: string, outDir: string): Promise<Render> {
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    plugins: [react()],
    publicDir: false,
    build: { ssr: 'prerender.tsx', outDir, emptyOutDir: true, target: 'node20' },
  });
  const entry = pathToFileURL(join(outDir, 'prerender.js')).href;
  const module = (await import(`${entry}?t=${Date.now()}`)) as { renderPage: Render };
  return module.renderPage;
}

export function prerenderPages(options: { webRoot: string; outDir: string }): Plugin {
  return {
    name: 'prerender-pages',
    apply: 'build',
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const { webRoot, outDir } = options;
        // Kept: the Node entry renders /track?token=… with it (worker/tracking-page.ts).
        const serverOut = resolve(outDir, SERVER_RENDER_DIR);
        const template = startAfterFirstPaint(
          inlineStylesheets(readFileSync(join(outDir, 'index.html'), 'utf8'), outDir),
        );
        writeFileSync(join(outDir, SHELL_PAGE), template);
        const manifest = JSON.parse(
          readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
        ) as Manifest;
        const render = await buildRenderer(webRoot, serverOut);
        writeFileSync(
          join(serverOut, TRACKING_PAGE_TEMPLATE),
          withRouteModules(template, routeModules(manifest, '/track')),
        );
        // Pages render without the network: the reads they start (config, session, forms)
        // never answer there (web/lib/api-client.ts), so each page is what it shows before they do.
        {
          const pages: [string, string, string, string[]][] = [
            ...Object.entries(PRERENDERED_PAGES).map(
              ([path, file]): [string, string, string, string[]] => [
                path,
                file,
                path,
                routeModules(manifest, path),
              ],
            ),
            ['/__no-such-page__', NOT_FOUND_PAGE, NOT_FOUND_MARK, []],
          ];
          for (const [path, file, mark, modules] of pages) {
            const target = join(outDir, file);
            mkdirSync(dirname(target), { recursive: true });
            const page = withRouteModules(template, modules);
            writeFileSync(target, pageHtml(page, mark, await render(path)));
          }
          this.info(`pre-rendered: ${pages.map(([, file]) => file).join(', ')}`);
        }
      },
    },
  };
}
