import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { inlinedStylesheets } from './build/inline-stylesheet.ts';
import { cheapLocaleCheck } from './build/locale-check.ts';
import { prerenderPages } from './build/prerender-pages.ts';
import { PAGE_START_SCRIPT } from './schema/page-start-script.ts';
import { cloudflareHeadersFile } from './worker/security-headers.ts';
import { precompressTree } from './worker/static-site-precompress.ts';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:8787';
// WEB_OUT_DIR: `npm run deploy`'s tests build elsewhere, leaving dist/web as it is.
const OUT_DIR = resolve(import.meta.dirname, process.env.WEB_OUT_DIR || 'dist/web');
const THEME_LIGHT = '#0f766e';
const BACKGROUND_LIGHT = '#ffffff';

// browser-image-compression's web worker importScripts() its own library from `libURL`
// (a CDN by default, which fails offline and breaks our CSP). We serve our own copy, and the
// service worker precaches it (web/lib/uploads/image-compression.ts).
function selfHostedCompressionWorker(): Plugin {
  const require = createRequire(import.meta.url);
  const file = require.resolve('browser-image-compression/dist/browser-image-compression.js');
  return {
    name: 'self-hosted-compression-worker',
    configureServer(server) {
      server.middlewares.use('/vendor/browser-image-compression.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'vendor/browser-image-compression.js',
        source: readFileSync(file),
      });
    },
  };
}

// Cloudflare Static Assets serve the app before the Worker runs: their security headers come
// from dist/web/_headers (the Node entry sets the same ones itself). OBJECT_STORE_ORIGIN (R2's
// S3 API origin, https://<account id>.r2.cloudflarestorage.com) goes into their CSP so the
// browser may PUT and GET presigned URLs there (docs/decisions/079-object-origin-in-csp.md).
function staticAssetHeaders(): Plugin {
  const objectOrigin = process.env.OBJECT_STORE_ORIGIN || undefined;
  return {
    name: 'static-asset-headers',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: '_headers',
        source: cloudflareHeadersFile(objectOrigin),
      });
    },
  };
}

// The Node entry sends these brotli/gzip copies (worker/static-site.ts). Runs after every
// other closeBundle hook, so the service worker that vite-plugin-pwa writes there is included.
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const written = await precompressTree(OUT_DIR);
        // Cloudflare Static Assets compress by themselves: do not upload the copies there.
        writeFileSync(resolve(OUT_DIR, '.assetsignore'), '*.br\n*.gz\n');
        this.info(`precompressed: ${written.length} .br/.gz copies`);
      },
    },
  };
}

type ViteManifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
>;
const isStaffRoute = (key: string) => /(^|\/)routes\/dashboard[._]/.test(key);

/**
 * Files only the staff dashboard loads: everything its route chunks import, statically or
 * lazily, that no practitioner route reaches. Practitioners never need them offline.
 */
export function staffOnlyFiles(manifest: ViteManifest): Set<string> {
  const closure = (roots: string[], skip: (key: string) => boolean) => {
    const seen = new Set<string>();
    const queue = [...roots];
    while (queue.length > 0) {
      const key = queue.pop()!;
      if (seen.has(key) || skip(key) || !manifest[key]) continue;
      seen.add(key);
      queue.push(...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? []));
    }
    return seen;
  };
  const keys = Object.keys(manifest);
  const practitioner = closure(
    keys.filter((k) => manifest[k]!.isEntry),
    isStaffRoute,
  );
  const files = (set: Set<string>) =>
    new Set([...set].flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? [])]));
  const practitionerFiles = files(practitioner);
  const staff = files(closure(keys.filter(isStaffRoute), (k) => practitioner.has(k)));
  return new Set([...staff].filter((file) => !practitionerFiles.has(file)));
}

// The service worker runs before the manifest file is read here: the main build has written
// it (writeBundle) by the time vite-plugin-pwa builds the worker (closeBundle).
const withoutStaffChunks: ManifestTransform = async (entries) => {
  const path = resolve(OUT_DIR, '.vite/manifest.json');
  if (!existsSync(path)) return { manifest: entries, warnings: ['no Vite manifest: kept all'] };
  const staff = staffOnlyFiles(JSON.parse(readFileSync(path, 'utf8')) as ViteManifest);
  if (staff.size === 0) throw new Error('No dashboard chunks found: has the route naming changed?');
  return { manifest: entries.filter((entry) => !staff.has(entry.url)), warnings: [] };
};

// Every page carries the app's stylesheet inline (decision 101): its file is never fetched.
const withoutInlinedStylesheets: ManifestTransform = async (entries) => {
  const inlined = new Set(inlinedStylesheets(readFileSync(resolve(OUT_DIR, 'index.html'), 'utf8')));
  return { manifest: entries.filter((entry) => !inlined.has(entry.url)), warnings: [] };
};

/** Fills the pages' start script in (schema/page-start-script.ts): inline, so nothing blocks the paint. */
const inlinePageStartScript = (): Plugin => ({
  name: 'inline-page-start-script',
  transformIndexHtml(html) {
    const slot = '<script data-page-start></script>';
    if (!html.includes(slot)) throw new Error(`index.html has no ${slot}`);
    return html.replace(slot, () => `<script>${PAGE_START_SCRIPT}</script>`);
  },
});

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './routes',
      generatedRouteTree: './route-tree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    react(),
    cheapLocaleCheck(),
    tailwindcss(),
    inlinePageStartScript(),
    selfHostedCompressionWorker(),
    staticAssetHeaders(),
    prerenderPages({ webRoot: resolve(import.meta.dirname, 'web'), outDir: OUT_DIR }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      // The page registers the worker itself (features/offline) and asks before updating.
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Practitioner Onboarding',
        short_name: 'Onboarding',
        description:
          'Apply to be registered with South African medical aid schemes and track your application.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        lang: 'en-ZA',
        theme_color: THEME_LIGHT,
        background_color: BACKGROUND_LIGHT,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The compression worker library is 57 KB; everything else is far smaller.
        maximumFileSizeToCacheInBytes: 512 * 1024,
        // Staff pages load their code from the network; practitioners do not pay for it.
        manifestTransforms: [withoutStaffChunks, withoutInlinedStylesheets],
      },
    }),
    precompress(),
  ],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      // schema/endpoint.ts declares every call as `endpoint<…>()(method, path)`: marked pure,
      // a chunk keeps only the endpoints it uses, so no staff path reaches the practitioner's.
      treeshake: { manualPureFunctions: ['endpoint'] },
      output: {
        // React, the router and jotai are in every page's first load: one chunk compresses
        // better than the many small shared pieces the splitter would cut them into.
        advancedChunks: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|jotai|use-sync-external-store)[\\/]/,
            },
            {
              // zod on its own, so the form's loader evaluates the library and the schemas in
              // separate tasks, neither long on a slow phone (decision 124).
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]/,
            },
            {
              // Small modules of the practitioner's first load that lazy pages share too.
              name: 'first-load',
              test: /(web[\\/](lib[\\/](api-client|api-error|device-store)\.ts|ui[\\/](alert|card)\.tsx)|schema[\\/](endpoint|public-endpoints|month-names)\.ts)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
});
