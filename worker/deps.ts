// What the app needs from its entry: the database, the ports and the configuration. Both
// entries (node.ts, cloudflare.ts) build one and hand it to createApp; services and routes
// import this type from here, never from the composition root.
import type { Context } from 'hono';
import type { Config } from './config.ts';
import type { Database } from './db.ts';
import type {
  Clock,
  DiskSpace,
  FormCleaner,
  Mailer,
  ObjectStore,
  PreparedReads,
  WebhookSender,
} from './ports.ts';
import type { SchemaStatus } from './services/maintenance/schema-version.ts';

export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

/** A scheduled run's allowance of outside calls (services/work-budget/work-budget.ts). */
export type WorkBudget = {
  spent: number;
  /** Calls this run may make in all. */
  readonly limit: number;
  /** The most one item may take; no item starts with less than this left. */
  readonly largestItem: number;
};

export type Deps = {
  db: Database;
  /** The busiest reads, kept prepared where the database allows (decision 105). */
  reads: PreparedReads;
  store: ObjectStore;
  diskSpace: DiskSpace;
  /** Staff-uploaded registration forms parsed within bounds and cleaned (decision 110). */
  formCleaner: FormCleaner;
  /**
   * The largest registration form this runtime parses and fills, when smaller than the upload
   * section's own limit (Workers: what an isolate's 128 MB holds, decision 125).
   */
  registrationFormMaxBytes?: number;
  /**
   * null: no mail transport is configured (Workers without MAIL_API_URL); messages wait in the
   * outbox, no attempt counted, until one is.
   */
  mailer: Mailer | null;
  /** Where webhooks to the billing system leave (decision 122). */
  webhooks: WebhookSender;
  clock: Clock;
  config: Config;
  /** Key for the URLs the app signs and serves itself (routes/storage.ts). */
  signingKey: CryptoKey;
  /** The client's address as the runtime sees it (TRUST_PROXY decides about forwarded headers). */
  clientAddress: (c: Context) => string;
  logger: Logger;
  /**
   * Practitioner notices leave by the scheduled run (Workers' minute cron): an isolate's
   * waitUntil ends 30 s after the answer, shorter than the combining window. Without it the
   * process waits the window out after the answer (Node).
   */
  noticesBySchedule?: boolean;
  /**
   * Whether the database has every migration of this code (Node migrates at start; on Workers
   * a deploy may have skipped them): writes are refused with a 503 while it has not.
   */
  schemaStatus: (db: Database) => Promise<SchemaStatus>;
  /**
   * Where the security log's daily digest is written besides the mail (Node, with
   * SECURITY_LOG_DIGEST_DIR): a file of that name outside DATA_DIR. Decision 109.
   */
  securityLogDigestFile?: (fileName: string, text: string) => Promise<void>;
  /** A scheduled run's allowance of outside calls (services/work-budget/work-budget.ts); none on Node. */
  workBudget?: WorkBudget;
};

export type AppEnv = { Variables: { requestId: string } };
