// The embedded (Node) composition: a libSQL file, the local disk store and the file mailer
// under DATA_DIR (or SMTP, or an HTTP mail API, when configured). Used by the Node entry, the command-line tools and the API tests, so they
// all run exactly the same wiring.
import { mkdir, open, statfs } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createClient } from '@libsql/client';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Context } from 'hono';
import { clientReads } from './adapters/client-reads.ts';
import { createDigestFolder } from './adapters/digest-folder.ts';
import { createDiskStore } from './adapters/disk-store.ts';
import { createFetchWebhookSender } from './adapters/fetch-webhook-sender.ts';
import { createFileMailer } from './adapters/file-mailer.ts';
import { threadFormCleaner } from './adapters/form-cleaning-thread.ts';
import { createHttpMailer } from './adapters/http-mailer.ts';
import { localFileReads } from './adapters/local-file-reads.ts';
import { resolveWithSystem } from './adapters/node-host-resolver.ts';
import { createSmtpMailer } from './adapters/smtp-mailer.ts';
import { createApp } from './app.ts';
import { snapshotBeforeMigrating } from './backup/schedule.ts';
import { sweepSnapshotLeftovers } from './backup/snapshot-leftovers.ts';
import { resolveClient } from './client-address.ts';
import { type Config, loadConfig } from './config.ts';
import { importSigningKey } from './crypto/signed-urls.ts';
import {
  createDatabase,
  LOCAL_CONNECTIONS,
  prepareLocalFile,
  recoveringFromLockTimeouts,
} from './db.ts';
import type { Deps, Logger } from './deps.ts';
import { type Clock, systemClock } from './ports.ts';
import { currentRequestOrigin } from './request-origin.ts';
import { schemaStatusCache } from './services/maintenance/schema-version.ts';
import { createStaffAccount } from './services/staff-accounts/staff-accounts.ts';
import { loadSigningSecret } from './signing-secret.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../schema/migrations', import.meta.url));

// One JSON line per entry, written straight to the stream: console.log would format the
// finished line again on every API request (it logs each one).
const consoleLogger: Logger = {
  info: (message, fields) =>
    process.stdout.write(`${JSON.stringify({ level: 'info', message, ...fields })}\n`),
  error: (message, fields) =>
    process.stderr.write(`${JSON.stringify({ level: 'error', message, ...fields })}\n`),
};

export const silentLogger: Logger = { info: () => {}, error: () => {} };

type EmbeddedOptions = {
  env?: Record<string, string | undefined>;
  clock?: Clock;
  logger?: Logger;
};

/**
 * Creates the database file (empty, mode 0600) before libSQL opens it, unless it exists:
 * SQLite gives its -wal and -shm files the database file's mode, so they are private too.
 */
async function createPrivateFile(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const handle = await open(path, 'a', 0o600);
  await handle.close();
}

/**
 * The client address (client-address.ts): the socket's, or a forwarded one as TRUST_PROXY
 * says. In-process requests (app.request) have no socket unless one is passed as the env,
 * which is how the test harness names its clients.
 */
function clientAddressFor(config: Config) {
  return (c: Context): string => {
    let socket = 'local';
    try {
      socket = getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      // No socket: an in-process request without one.
    }
    return resolveClient(config.trustProxy, socket, (name) => c.req.header(name));
  };
}

export async function openEmbedded(options: EmbeddedOptions = {}) {
  const env = options.env ?? process.env;
  const config = loadConfig(env);
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? consoleLogger;
  const dataDir = resolve(env.DATA_DIR || './data');
  // DATA_DIR and everything in it are the owner's only, whatever the umask (POPIA data).
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // What a killed snapshot or restore left: a plain copy of the database, an unfinished folder.
  const swept = await sweepSnapshotLeftovers({ dataDir, backupDir: env.BACKUP_DIR || undefined });
  if (swept.length > 0) logger.info('removed what an interrupted snapshot left', { swept });

  const url = env.DATABASE_URL || `file:${join(dataDir, 'portal.db')}`;
  const localPath = url.startsWith('file:') ? url.slice('file:'.length).split('?')[0] : '';
  if (localPath && !localPath.includes(':memory:')) await createPrivateFile(localPath);
  // timeout: the busy timeout for every pooled connection (a PRAGMA reaches only the first).
  const client = createClient({
    url,
    authToken: env.DATABASE_AUTH_TOKEN || undefined,
    timeout: 5000,
    concurrency: LOCAL_CONNECTIONS,
  });
  const local = url.startsWith('file:');
  if (local) await prepareLocalFile(client);
  const db = createDatabase(
    local ? recoveringFromLockTimeouts(client, () => prepareLocalFile(client)) : client,
  );
  const signingSecret = await loadSigningSecret(env, dataDir, { generate: true });
  const signingKey = await importSigningKey(signingSecret.secret);
  await snapshotBeforeMigrating(env, db, logger);
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

  const store = createDiskStore({
    root: join(dataDir, 'store'),
    publicOrigin: config.publicOrigin,
    ...(config.publicOriginSet ? {} : { requestOrigin: currentRequestOrigin }),
    signingKey,
    clock,
  });
  // SMTP when configured, else an HTTP mail API, else .eml files under DATA_DIR/mail.
  const mailer = config.smtp
    ? createSmtpMailer({ smtp: config.smtp, from: config.mailFrom })
    : config.mailApi
      ? createHttpMailer({ ...config.mailApi, from: config.mailFrom })
      : createFileMailer({ dir: join(dataDir, 'mail'), from: config.mailFrom });

  if (config.adminEmail && config.adminPassword) {
    const created = await createStaffAccount(
      db,
      clock,
      config.adminEmail,
      config.adminPassword,
      config.adminTotpSecret ? { signingKey, totpSecret: config.adminTotpSecret } : undefined,
    );
    if (created) logger.info('created staff account from ADMIN_EMAIL');
  }

  // After the migrations: the kept statements are prepared against the current schema.
  const localReads =
    localPath && !localPath.includes(':memory:') ? localFileReads(localPath) : null;
  const deps: Deps = {
    db,
    reads: localReads ?? clientReads(client),
    store,
    // The database and the store share DATA_DIR's disk: both are guarded by one floor.
    diskSpace: {
      freeBytes: async () => {
        const stats = await statfs(dataDir);
        return stats.bavail * stats.bsize;
      },
    },
    formCleaner: threadFormCleaner(),
    mailer,
    webhooks: createFetchWebhookSender(resolveWithSystem),
    clock,
    config,
    signingKey,
    clientAddress: clientAddressFor(config),
    logger,
    schemaStatus: schemaStatusCache(),
    ...(config.securityLogDigestDir
      ? { securityLogDigestFile: createDigestFolder(config.securityLogDigestDir, dataDir) }
      : {}),
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    config,
    dataDir,
    signingSecret,
    close: () => {
      localReads?.close();
      client.close();
    },
  };
}
