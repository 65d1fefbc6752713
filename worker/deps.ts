// What the app needs from its entry: the database, the ports and the configuration. Both
// entries (node.ts, cloudflare.ts) build one and hand it to createApp; services and routes
// import this type from here, never from the composition root.
import type { Context } from 'hono';
import type { Config } from './config.ts';
import type { Database } from './db.ts';
import type { Clock, DiskSpace, Mailer, ObjectStore } from './ports.ts';

export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

export type Deps = {
  db: Database;
  store: ObjectStore;
  diskSpace: DiskSpace;
  mailer: Mailer;
  clock: Clock;
  config: Config;
  /** Key for the URLs the app signs and serves itself (routes/storage.ts). */
  signingKey: CryptoKey;
  /** The client's address as the runtime sees it (TRUST_PROXY decides about forwarded headers). */
  clientAddress: (c: Context) => string;
  logger: Logger;
};

export type AppEnv = { Variables: { requestId: string } };
