// Runtime configuration from environment variables (the table in README.md). Both entries read it the
// same way: Node from process.env, Workers from their env bindings.
import { z } from 'zod/mini';
import type { TrustProxy } from './client-address.ts';
import { isBase32Secret } from './crypto/totp.ts';

const bool = z.pipe(
  z.enum(['true', 'false', '1', '0', 'yes', 'no']),
  z.transform((v) => v === 'true' || v === '1' || v === 'yes'),
);
const whole = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().check(z.int('must be a whole number'), z.gte(min), z.lte(max));

const DEFAULT_POSTAL_ADDRESS = 'Medical Billing Bureau\nPO Box 0000\nCape Town\n8000\nSouth Africa';

const configSchema = z.object({
  PORT: z._default(whole(0, 65535), 8787),
  HOST: z._default(z.string(), '127.0.0.1'),
  LOOKUP_RATE_LIMIT: z._default(whole(1), 10),
  LOGIN_RATE_LIMIT: z._default(whole(1), 10),
  SUBMIT_RATE_LIMIT: z._default(whole(1), 20),
  PRACTICE_RATE_LIMIT: z._default(whole(1), 5),
  UPLOAD_RATE_LIMIT: z._default(whole(1), 600),
  UPLOAD_BUDGET_MB: z._default(whole(100), 4096),
  MIN_FREE_DISK_MB: z._default(whole(0), 1024),
  SUPPORT_EMAIL: z._default(z.email(), 'support@example.co.za'),
  BUREAU_NAME: z._default(z.string().check(z.minLength(1)), 'Medical Billing Bureau'),
  POSTAL_ADDRESS: z._default(z.string().check(z.minLength(1)), DEFAULT_POSTAL_ADDRESS),
  PUBLIC_ORIGIN: z.optional(z.url()),
  // false/0: none; true/yes: one proxy hop; n: n hops; cloudflare: CF-Connecting-IP (Node).
  TRUST_PROXY: z._default(
    z
      .string()
      .check(
        z.regex(
          /^(true|false|yes|no|cloudflare|\d{1,2})$/,
          'true, false, a number of proxy hops or cloudflare',
        ),
      ),
    'false',
  ),
  ADMIN_EMAIL: z.optional(z.email()),
  ADMIN_PASSWORD: z.optional(
    z.string().check(z.minLength(12, 'ADMIN_PASSWORD must be at least 12 characters')),
  ),
  // Base32 TOTP secret: ADMIN_EMAIL's account is created already enrolled (decision 070).
  ADMIN_TOTP_SECRET: z.optional(
    z
      .string()
      .check(
        z.refine(
          isBase32Secret,
          'ADMIN_TOTP_SECRET must be base32 (A-Z, 2-7), at least 16 characters',
        ),
      ),
  ),
  // POPIA retention (decision 071): years after the relationship's last activity; 0 keeps all.
  RETENTION_YEARS: z._default(whole(0, 100), 7),
  MAIL_API_URL: z.optional(z.url()),
  MAIL_API_KEY: z.optional(z.string()),
  MAIL_FROM: z.optional(z.string().check(z.minLength(3))),
  NOTIFY_DELAY_SECONDS: z._default(whole(0, 24 * 60 * 60), 120),
  STAFF_NOTIFY_EMAIL: z.optional(z.email()),
  // Node: a folder outside DATA_DIR that gets the security log's daily digest (decision 109).
  SECURITY_LOG_DIGEST_DIR: z.optional(z.string().check(z.minLength(1))),
  // Webhooks to private, loopback or link-local addresses, and over plain HTTP (decision 122):
  // for a receiver on the bureau's own network or a test; off, only public HTTPS is allowed.
  WEBHOOKS_ALLOW_PRIVATE_NETWORK: z._default(bool, false),
  // How often the Node entry sends due webhooks (Workers: the minute cron).
  WEBHOOK_ROUND_SECONDS: z._default(whole(1, 3600), 60),
  SMTP_URL: z.optional(z.url()),
  SMTP_HOST: z.optional(z.string().check(z.minLength(1))),
  SMTP_PORT: z.optional(whole(1, 65535)),
  SMTP_USER: z.optional(z.string()),
  SMTP_PASSWORD: z.optional(z.string()),
  SMTP_SECURE: z.optional(bool),
});

/** An SMTP server to deliver through (Node only): a URL, or host and port with optional login. */
export type SmtpConfig =
  | { url: string }
  | { host: string; port: number; secure: boolean; user?: string; password?: string };

export type Config = {
  port: number;
  host: string;
  lookupRateLimit: number;
  loginRateLimit: number;
  /** Complete applications accepted per client per hour; a resend is not counted. */
  submitRateLimit: number;
  /** New practices (decision 120) accepted per client per hour. */
  practiceRateLimit: number;
  uploadRateLimit: number;
  /** Bytes one client may have uploaded and not yet used in a submission (decision 068). */
  uploadBudgetBytes: number;
  /** Below this much free disk no new upload is taken (decision 068). */
  minFreeDiskBytes: number;
  supportEmail: string;
  bureauName: string;
  postalAddress: string[];
  publicOrigin: string;
  /**
   * Whether PUBLIC_ORIGIN was set. Without it the embedded store signs its URLs for the origin
   * each request came to (any host works locally); mail still uses publicOrigin's default.
   */
  publicOriginSet: boolean;
  /** Which forwarded headers name the client (client-address.ts). */
  trustProxy: TrustProxy;
  adminEmail?: string;
  adminPassword?: string;
  /**
   * Years a practitioner's data is kept after the last activity on any of their submissions
   * (the terms: the relationship plus 7 years); 0 turns the retention job off.
   */
  retentionYears: number;
  /** Base32; the ADMIN_EMAIL account is created with MFA already set up with it. */
  adminTotpSecret?: string;
  /** Sender of staff mail (password resets). */
  mailFrom: string;
  /** An HTTP e-mail API to deliver through; without it Node writes .eml files. */
  mailApi?: { url: string; apiKey?: string };
  /** SMTP for the Node entry; preferred over mailApi when both are set. */
  smtp?: SmtpConfig;
  /**
   * How long staff changes to one submission are collected before the practitioner is mailed
   * about them in one message (0: at once). Decision 053.
   */
  notifyDelaySeconds: number;
  /** Where staff are told of new applications and replaced documents; none when unset. */
  staffNotifyEmail?: string;
  /** Node: where the security log's daily digest is also written (outside DATA_DIR). */
  securityLogDigestDir?: string;
  /** Webhook endpoints may be private addresses and plain HTTP (decision 122). */
  webhooksAllowPrivateNetwork: boolean;
  /** Seconds between the Node entry's webhook rounds. */
  webhookRoundSeconds: number;
};

function smtpOf(c: z.infer<typeof configSchema>): SmtpConfig | undefined {
  if (c.SMTP_URL) return { url: c.SMTP_URL };
  if (!c.SMTP_HOST) return undefined;
  const port = c.SMTP_PORT ?? 587;
  return {
    host: c.SMTP_HOST,
    port,
    secure: c.SMTP_SECURE ?? port === 465,
    ...(c.SMTP_USER ? { user: c.SMTP_USER, password: c.SMTP_PASSWORD } : {}),
  };
}

function trustProxyOf(value: string): TrustProxy {
  if (value === 'cloudflare') return value;
  if (value === 'true' || value === 'yes') return 1;
  if (value === 'false' || value === 'no') return 0;
  return Number(value);
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    lookupRateLimit: c.LOOKUP_RATE_LIMIT,
    loginRateLimit: c.LOGIN_RATE_LIMIT,
    submitRateLimit: c.SUBMIT_RATE_LIMIT,
    practiceRateLimit: c.PRACTICE_RATE_LIMIT,
    uploadRateLimit: c.UPLOAD_RATE_LIMIT,
    uploadBudgetBytes: c.UPLOAD_BUDGET_MB * 1_048_576,
    minFreeDiskBytes: c.MIN_FREE_DISK_MB * 1_048_576,
    supportEmail: c.SUPPORT_EMAIL,
    bureauName: c.BUREAU_NAME,
    // Lines may be separated by real newlines, "\n" escapes or commas.
    postalAddress: c.POSTAL_ADDRESS.replace(/\\n/g, '\n')
      .split(/\n|,/)
      .map((l) => l.trim())
      .filter(Boolean),
    publicOrigin: (c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    publicOriginSet: c.PUBLIC_ORIGIN !== undefined,
    trustProxy: trustProxyOf(c.TRUST_PROXY),
    adminEmail: c.ADMIN_EMAIL,
    adminPassword: c.ADMIN_PASSWORD,
    retentionYears: c.RETENTION_YEARS,
    ...(c.ADMIN_TOTP_SECRET ? { adminTotpSecret: c.ADMIN_TOTP_SECRET } : {}),
    mailFrom: c.MAIL_FROM ?? `${c.BUREAU_NAME} <${c.SUPPORT_EMAIL}>`,
    ...(c.MAIL_API_URL ? { mailApi: { url: c.MAIL_API_URL, apiKey: c.MAIL_API_KEY } } : {}),
    ...(smtpOf(c) ? { smtp: smtpOf(c) } : {}),
    notifyDelaySeconds: c.NOTIFY_DELAY_SECONDS,
    ...(c.STAFF_NOTIFY_EMAIL ? { staffNotifyEmail: c.STAFF_NOTIFY_EMAIL } : {}),
    ...(c.SECURITY_LOG_DIGEST_DIR ? { securityLogDigestDir: c.SECURITY_LOG_DIGEST_DIR } : {}),
    webhooksAllowPrivateNetwork: c.WEBHOOKS_ALLOW_PRIVATE_NETWORK,
    webhookRoundSeconds: c.WEBHOOK_ROUND_SECONDS,
  };
}
