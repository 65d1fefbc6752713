// The deploy's preflight (issue 37): what makes a deployed Worker dead on arrival, checked
// before anything is built, migrated or uploaded. Each row says what to do. The account must be
// pinned in wrangler.toml (account_id, the R2 account); the Worker's secrets must exist (without
// SIGNING_SECRET every /api call throws, without DATABASE_AUTH_TOKEN every call answers 503);
// the bucket's CORS policy must be the one made from PUBLIC_ORIGIN (else every upload fails).
// The last two ask Cloudflare's API (CLOUDFLARE_API_BASE_URL, as wrangler reads it, lets the
// tests point it at a local stand-in) with CLOUDFLARE_API_TOKEN.
import { readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';
import { bucketCorsPolicy, corsPolicyGaps, type R2CorsPolicy } from './bucket-cors-policy.ts';
import { PLACEHOLDER_ORIGIN } from './routes.ts';

export type PreflightRow = { check: string; ok: boolean | 'skipped'; detail: string };

const API = 'https://api.cloudflare.com/client/v4';
const ACCOUNT_PLACEHOLDER = 'your-account-id';

type Settings = {
  name: string;
  accountId?: string;
  r2AccountId?: string;
  bucket?: string;
  publicOrigin?: string;
  mailApiUrl?: string;
};

export async function readPreflightSettings(
  wranglerToml: string,
  env: NodeJS.ProcessEnv,
): Promise<Settings> {
  const config = parse(await readFile(wranglerToml, 'utf8')) as {
    name?: string;
    account_id?: string;
    vars?: Record<string, string>;
    r2_buckets?: { binding: string; bucket_name: string }[];
  };
  const v = (name: string) => env[name] || config.vars?.[name] || undefined;
  return {
    name: config.name ?? '',
    accountId: env.CLOUDFLARE_ACCOUNT_ID || config.account_id,
    r2AccountId: v('R2_ACCOUNT_ID'),
    bucket: config.r2_buckets?.find((b) => b.binding === 'OBJECTS')?.bucket_name,
    publicOrigin: v('PUBLIC_ORIGIN') === PLACEHOLDER_ORIGIN ? undefined : v('PUBLIC_ORIGIN'),
    mailApiUrl: v('MAIL_API_URL'),
  };
}

/** The secrets the Worker needs (MAIL_API_KEY only with a mail API). */
export function requiredSecrets(settings: Pick<Settings, 'mailApiUrl'>): string[] {
  return [
    'SIGNING_SECRET',
    'DATABASE_AUTH_TOKEN',
    'R2_ACCESS_KEY_ID',
    'R2_SECRET_ACCESS_KEY',
    ...(settings.mailApiUrl ? ['MAIL_API_KEY'] : []),
  ];
}

function accountRow(s: Settings): PreflightRow {
  const check = 'Account pinned';
  if (!s.accountId || s.accountId === ACCOUNT_PLACEHOLDER) {
    return {
      check,
      ok: false,
      detail: `Set account_id = "${s.r2AccountId ?? '<account id>'}" in wrangler.toml (or CLOUDFLARE_ACCOUNT_ID): a deploy must not go to whichever account the login picks.`,
    };
  }
  if (s.r2AccountId && s.accountId !== s.r2AccountId) {
    return {
      check,
      ok: false,
      detail: `account_id ${s.accountId} is not R2_ACCOUNT_ID ${s.r2AccountId}: the bucket binding and the presigned URLs would be in different accounts. Make them the same account.`,
    };
  }
  return { check, ok: true, detail: `account ${s.accountId}` };
}

async function api<T>(
  env: NodeJS.ProcessEnv,
  path: string,
): Promise<{ status: number; result?: T }> {
  const base = (env.CLOUDFLARE_API_BASE_URL || API).replace(/\/$/, '');
  const res = await fetch(`${base}${path}`, {
    headers: { Authorization: `Bearer ${env.CLOUDFLARE_API_TOKEN}` },
  });
  const body = (await res.json().catch(() => ({}))) as { result?: T };
  return { status: res.status, result: res.ok ? body.result : undefined };
}

async function secretsRow(s: Settings, env: NodeJS.ProcessEnv): Promise<PreflightRow> {
  const check = 'Worker secrets';
  const needed = requiredSecrets(s);
  const { status, result } = await api<{ name: string }[]>(
    env,
    `/accounts/${s.accountId}/workers/scripts/${s.name}/secrets`,
  );
  if (status === 404) {
    return {
      check,
      ok: false,
      detail: `No Worker ${s.name} in account ${s.accountId} yet: \`npx wrangler secret put\` each of ${needed.join(', ')} (it creates the Worker), then deploy.`,
    };
  }
  if (!result) {
    return {
      check,
      ok: false,
      detail: `Cloudflare answered ${status} for account ${s.accountId}: is CLOUDFLARE_API_TOKEN a token of this account with Workers Scripts read?`,
    };
  }
  const present = new Set(result.map((secret) => secret.name));
  const missing = needed.filter((name) => !present.has(name));
  return missing.length
    ? {
        check,
        ok: false,
        detail: `Missing: ${missing.join(', ')}. \`npx wrangler secret put <NAME>\` for each (README step 6).`,
      }
    : { check, ok: true, detail: needed.join(', ') };
}

async function corsRow(s: Settings, env: NodeJS.ProcessEnv, fix: string): Promise<PreflightRow> {
  const check = 'Bucket CORS policy';
  if (!s.publicOrigin) {
    return { check, ok: false, detail: 'Set PUBLIC_ORIGIN: the CORS policy is made from it.' };
  }
  const { status, result } = await api<R2CorsPolicy>(
    env,
    `/accounts/${s.accountId}/r2/buckets/${s.bucket}/cors`,
  );
  if (!result && status !== 404) {
    return {
      check,
      ok: false,
      detail: `Cloudflare answered ${status} for bucket ${s.bucket}: does it exist in account ${s.accountId}, and may CLOUDFLARE_API_TOKEN read R2?`,
    };
  }
  const gaps = corsPolicyGaps(result ?? { rules: [] }, bucketCorsPolicy(s.publicOrigin));
  return gaps.length
    ? {
        check,
        ok: false,
        detail: `${gaps.join('; ')}. Apply the policy made from PUBLIC_ORIGIN: ${fix}`,
      }
    : { check, ok: true, detail: `${s.publicOrigin} may PUT, GET and HEAD; ETag exposed` };
}

/** The preflight's rows; the remote ones are 'skipped' without an API token when allowed. */
export async function preflight(
  settings: Settings,
  env: NodeJS.ProcessEnv,
  options: { corsFix: string; remoteOptional: boolean },
): Promise<PreflightRow[]> {
  const rows = [accountRow(settings)];
  if (!rows[0]!.ok) return rows;
  if (!env.CLOUDFLARE_API_TOKEN) {
    const detail = 'Set CLOUDFLARE_API_TOKEN (Workers Scripts read, R2 read) to check.';
    const ok = options.remoteOptional ? ('skipped' as const) : false;
    return [
      ...rows,
      { check: 'Worker secrets', ok, detail },
      { check: 'Bucket CORS policy', ok, detail },
    ];
  }
  rows.push(await secretsRow(settings, env));
  rows.push(await corsRow(settings, env, options.corsFix));
  return rows;
}

export function preflightTable(rows: PreflightRow[]): string {
  const mark = (ok: PreflightRow['ok']) => (ok === 'skipped' ? 'SKIP' : ok ? 'OK' : 'FAIL');
  const width = Math.max(...rows.map((row) => row.check.length));
  return rows
    .map((row) => `${mark(row.ok).padEnd(4)}  ${row.check.padEnd(width)}  ${row.detail}`)
    .join('\n');
}
