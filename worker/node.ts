// The embedded default: `npm start` runs this. Serves the built PWA and /api from one Node
// process on 127.0.0.1:8787, with everything kept under DATA_DIR.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { backupScheduleFrom, startBackupSchedule } from './backup/schedule.ts';
import { openEmbedded } from './embedded.ts';
import { withRequestOrigin } from './request-origin.ts';
import { withHsts } from './security-headers.ts';
import {
  MAINTENANCE_INTERVAL_MS,
  runMaintenance,
  runWebhookRound,
} from './services/maintenance/maintenance.ts';
import { adminEnrolmentLinkAtStart } from './services/staff-accounts/staff-enrolment.ts';
import { generatedSecretNotice } from './signing-secret.ts';
import { createStaticSite } from './static-site.ts';
import { publicConfigMeta } from './static-site-pages.ts';
import { createTrackingPage } from './tracking-page.ts';
import { keepMovingUploadsAlive } from './upload-timeouts.ts';

const WEB_ROOT = resolve(process.env.WEB_ROOT || 'dist/web');

async function main() {
  // Files the process creates (SQLite's temporary files too) are the owner's only; the
  // adapters also pass explicit modes, so the tests and CLI get the same without this.
  process.umask(0o077);
  // A bad backup configuration stops the start, before anything is migrated.
  const backups = backupScheduleFrom(process.env);
  const embedded = await openEmbedded();
  const { app: api, config } = embedded;
  const secretNotice = generatedSecretNotice(embedded.signingSecret);
  if (secretNotice) console.warn(secretNotice);
  // Printed here only (not by the CLI, which opens the same data): an operator reads it once.
  const adminLink = await adminEnrolmentLinkAtStart(embedded.deps);
  if (adminLink) {
    console.log(
      `Two-step sign-in of ${config.adminEmail} is not set up. Its one-time set-up link (works once, for 24 hours; a restart replaces it):\n${adminLink}`,
    );
  }
  const stopBackups = backups
    ? startBackupSchedule(process.env, backups, embedded.deps.logger)
    : () => {};
  if (backups) {
    console.log(
      `Snapshots daily at ${backups.time} UTC into ${backups.dir}, the newest ${backups.keep} kept.`,
    );
  }
  if (!existsSync(join(WEB_ROOT, 'index.html'))) {
    console.warn(
      `No built web app in ${WEB_ROOT}: run "npm run build" (npm start does it for you).`,
    );
  }

  const server = new Hono();
  // The request's origin is at hand for the store's signed URLs (decision 093) when PUBLIC_ORIGIN
  // does not name it. With it set nothing reads it, so the async context (a cost on every
  // promise while one is in use) is not entered.
  server.all(
    '/api/*',
    config.publicOriginSet
      ? (c) => api.fetch(c.req.raw, c.env)
      : (c) => withRequestOrigin(c.req.raw, () => api.fetch(c.req.raw, c.env)),
  );
  // Everything else is the built web app (compressed copies, cache and security headers).
  // Pre-rendered pages carry the public config (read once, here); the staff dashboard is not
  // pre-rendered and starts from the empty shell (docs/decisions/060-prerendered-public-pages.md).
  const pageHeadTag = publicConfigMeta(config);
  // A tracking link opens on the status itself, rendered here (docs/decisions/077).
  const trackingPage = createTrackingPage({
    reads: embedded.deps.reads,
    logger: embedded.deps.logger,
    // Where build/prerender-pages.ts leaves the server render entry and its page, next to the web root.
    shellPage: resolve(WEB_ROOT, '../server/tracking-page.html'),
    renderer: resolve(WEB_ROOT, '../server/prerender.js'),
    headTag: pageHeadTag,
  });
  const site = createStaticSite(WEB_ROOT, {
    pageHeadTag,
    shellPage: 'shell.html',
    shellPrefixes: ['/dashboard'],
    notFoundPage: '404.html',
  });
  server.all('*', async (c) =>
    withHsts((await trackingPage(c.req.raw)) ?? (await site(c.req.raw)), config.publicOrigin),
  );

  const httpServer = serve(
    { fetch: server.fetch, port: config.port, hostname: config.host },
    (info) => {
      const host = info.address.includes(':') ? `[${info.address}]` : info.address;
      console.log(`Portal ready on http://${host}:${info.port}`);
    },
  );

  keepMovingUploadsAlive(httpServer as Server);

  const maintenance = setInterval(
    () => void runMaintenance(embedded.deps),
    MAINTENANCE_INTERVAL_MS,
  );
  maintenance.unref();
  void runMaintenance(embedded.deps);
  const webhooks = setInterval(
    () => void runWebhookRound(embedded.deps),
    config.webhookRoundSeconds * 1000,
  );
  webhooks.unref();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(maintenance);
    clearInterval(webhooks);
    stopBackups();
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
