// The embedded default: `npm start` runs this. Serves the built PWA and /api from one Node
// process on 127.0.0.1:8787, with everything kept under DATA_DIR.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { openEmbedded } from './embedded.ts';
import { HEADERS_FOR_EVERY_FILE, HEADERS_FOR_PAGES } from './security-headers.ts';
import { MAINTENANCE_INTERVAL_MS, runMaintenance } from './services/maintenance.ts';

const WEB_ROOT = resolve(process.env.WEB_ROOT || 'dist/web');

async function main() {
  const embedded = await openEmbedded();
  const { app: api, config } = embedded;
  if (!existsSync(join(WEB_ROOT, 'index.html'))) {
    console.warn(
      `No built web app in ${WEB_ROOT}: run "npm run build" (npm start does it for you).`,
    );
  }

  const server = new Hono();
  server.all('/api/*', (c) => api.fetch(c.req.raw, c.env));
  server.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(HEADERS_FOR_EVERY_FILE)) c.header(name, value);
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      for (const [name, value] of Object.entries(HEADERS_FOR_PAGES)) c.header(name, value);
    }
  });
  // Cloudflare's header rules (see security-headers.ts), not a file for visitors.
  server.all('/_headers', (c) => c.text('Not Found', 404));
  server.use(
    '/assets/*',
    serveStatic({
      root: WEB_ROOT,
      onFound: (_path, c) => {
        // Hashed file names: safe to cache for a year.
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  server.use(
    '*',
    serveStatic({
      root: WEB_ROOT,
      onFound: (path, c) => {
        c.header(
          'Cache-Control',
          path.endsWith('.html') || path.endsWith('sw.js') ? 'no-cache' : 'public, max-age=3600',
        );
      },
    }),
  );
  // SPA fallback: every other path is a client route (the router shows the 404 page itself).
  server.get('*', async (c) => {
    try {
      const html = await readFile(join(WEB_ROOT, 'index.html'), 'utf8');
      c.header('Cache-Control', 'no-cache');
      return c.html(html);
    } catch {
      return c.text('The web app has not been built. Run "npm run build".', 503);
    }
  });

  const httpServer = serve(
    { fetch: server.fetch, port: config.port, hostname: config.host },
    (info) => {
      const host = info.address.includes(':') ? `[${info.address}]` : info.address;
      console.log(`Portal ready on http://${host}:${info.port}`);
    },
  );

  const maintenance = setInterval(
    () => void runMaintenance(embedded.deps),
    MAINTENANCE_INTERVAL_MS,
  );
  maintenance.unref();
  void runMaintenance(embedded.deps);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(maintenance);
    console.log(`${signal} received, shutting down`);
    httpServer.close(() => {
      embedded.close();
      process.exit(0);
    });
    // Idle keep-alive connections would hold close() open.
    (httpServer as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
