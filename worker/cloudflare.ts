// Cloudflare Workers entry (scale-out): Turso over HTTPS as the database, R2 for objects,
// Static Assets for the PWA. The same createApp as the embedded server.
import { createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import * as tables from '../schema/db.ts';
import { clientReads } from './adapters/client-reads.ts';
import { createFetchWebhookSender, resolveOverHttps } from './adapters/fetch-webhook-sender.ts';
import { createHttpMailer } from './adapters/http-mailer.ts';
import { r2S3Origin } from './adapters/r2-multipart.ts';
import { createR2Store } from './adapters/r2-store.ts';
import { createS3ObjectIo } from './adapters/s3-object-io.ts';
import { createApp } from './app.ts';
import { withPageHeaders } from './asset-page-headers.ts';
import { clientKey } from './client-address.ts';
import { loadConfig } from './config.ts';
import { importSigningKey } from './crypto/signed-urls.ts';
import type { Database } from './db.ts';
import type { Deps } from './deps.ts';
import { systemClock } from './ports.ts';
import { cleanRegistrationPdf } from './services/form-pdfs/form-cleaning.ts';
import {
  MAINTENANCE_CRON,
  runMaintenance,
  runNoticeRound,
} from './services/maintenance/maintenance.ts';
import { schemaStatusCache } from './services/maintenance/schema-version.ts';
import { WORKERS_REGISTRATION_FORM_MAX_BYTES } from './services/scheme-forms/form-size-limit.ts';
import { withWorkBudget } from './services/work-budget/work-budget.ts';

type Env = {
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
  SIGNING_SECRET: string;
  OBJECTS: R2Bucket;
  /** Static Assets (the built PWA), for every path the Worker runs first on (wrangler.toml). */
  ASSETS: Fetcher;
  R2_BUCKET_NAME: string;
  R2_ACCOUNT_ID: string;
  R2_ACCESS_KEY_ID: string;
  R2_SECRET_ACCESS_KEY: string;
  /**
   * A local S3-compatible server standing in for R2's S3 API (npm run start:workers): presigned
   * URLs point at it and the Worker's own object I/O goes through it (decision 078).
   */
  R2_S3_ORIGIN?: string;
  [name: string]: unknown;
};

/** What an isolate keeps across requests: nothing that does I/O of its own. */
type IsolateParts = Omit<Deps, 'db' | 'reads'>;
let cached: { key: string; parts: IsolateParts } | undefined;

async function isolateParts(env: Env): Promise<IsolateParts> {
  // Rebuilt only if the bindings change.
  const key = `${env.DATABASE_URL}|${env.R2_BUCKET_NAME}|${env.R2_S3_ORIGIN ?? ''}`;
  if (cached?.key === key) return cached.parts;
  const strings = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const config = loadConfig(strings);
  const s3 = {
    bucketName: env.R2_BUCKET_NAME,
    accountId: env.R2_ACCOUNT_ID,
    accessKeyId: env.R2_ACCESS_KEY_ID,
    secretAccessKey: env.R2_SECRET_ACCESS_KEY,
  };
  const signingKey = await importSigningKey(env.SIGNING_SECRET);
  const r2 = createR2Store({
    bucket: env.OBJECTS,
    ...s3,
    s3Origin: env.R2_S3_ORIGIN,
    served: { signingKey, clock: systemClock, origin: config.publicOrigin },
  });
  const parts: IsolateParts = {
    store: env.R2_S3_ORIGIN
      ? { ...r2, ...createS3ObjectIo({ ...s3, s3Origin: env.R2_S3_ORIGIN }) }
      : r2,
    // R2 is not on a disk of ours: the free-space floor does not apply (decision 068).
    diskSpace: { freeBytes: async () => null },
    // No threads in an isolate: the unpacked-bytes budget is checked before parsing, and the
    // isolate's own CPU and memory limits end anything else (decision 110).
    formCleaner: { clean: cleanRegistrationPdf },
    // pdf-lib holds about four times a form while it works on it; 128 MB is the whole isolate.
    registrationFormMaxBytes: WORKERS_REGISTRATION_FORM_MAX_BYTES,
    // Workers cannot write .eml files: without MAIL_API_URL messages wait in the outbox.
    mailer: config.mailApi ? createHttpMailer({ ...config.mailApi, from: config.mailFrom }) : null,
    webhooks: createFetchWebhookSender(resolveOverHttps),
    clock: systemClock,
    config,
    signingKey,
    // Cloudflare sets CF-Connecting-IP itself (a client cannot reach a Worker around it), so
    // it is the one source here whatever TRUST_PROXY says.
    clientAddress: (c) => clientKey(c.req.header('CF-Connecting-IP') ?? 'unknown'),
    logger: {
      info: (message, fields) => console.log(JSON.stringify({ level: 'info', message, ...fields })),
      error: (message, fields) =>
        console.error(JSON.stringify({ level: 'error', message, ...fields })),
    },
    noticesBySchedule: true,
    schemaStatus: schemaStatusCache(),
  };
  cached = { key, parts };
  return parts;
}

/**
 * The database for one request (or one cron run), with its own client: a libSQL client queues
 * queries beyond its concurrency, and a query one request queued must not be sent from another
 * request's I/O context, which workerd refuses (the first request then never answers). Making
 * one is cheap: no connection is opened until the first query (decision 084).
 */
function requestDeps(parts: IsolateParts, env: Env): Deps {
  const client = createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  return {
    ...parts,
    db: drizzle(client, { schema: tables }) as unknown as Database,
    reads: clientReads(client),
  };
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (!path.startsWith('/api/')) {
      const origin = r2S3Origin({ accountId: env.R2_ACCOUNT_ID, s3Origin: env.R2_S3_ORIGIN });
      return withPageHeaders(await env.ASSETS.fetch(request), origin, path);
    }
    const deps = requestDeps(await isolateParts(env), env);
    return createApp(deps).fetch(request, env, ctx);
  },
  async scheduled(controller: ScheduledController, env: Env) {
    // Bounded: a run stops between items once its subrequests are spent (work-budget.ts).
    const deps = withWorkBudget(requestDeps(await isolateParts(env), env));
    // Awaited: the invocation lasts as long as its run (a scheduled handler may take up to 15
    // minutes of wall time), and a trigger sees the run finished when its answer comes.
    await (controller.cron === MAINTENANCE_CRON ? runMaintenance(deps) : runNoticeRound(deps));
  },
} satisfies ExportedHandler<Env>;
