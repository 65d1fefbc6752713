// What `npm run deploy` needs to know before it builds: the R2 account (whose S3 origin goes
// into the pages' CSP) and the database to migrate, from the environment or else from
// wrangler.toml's [vars], the file `wrangler deploy` itself reads. Placeholders are refused.
import { readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';
import { loadConfig } from '../worker/config.ts';
import type { PublicDetails } from '../worker/static-site-pages.ts';

export type DeploySettings = {
  accountId: string;
  /** The origin of R2's S3 API that presigned upload and download URLs point at. */
  objectOrigin: string;
  databaseUrl: string;
  /**
   * The bureau's public details as the Worker will read them from wrangler.toml's [vars]:
   * written into the built pages, since Static Assets answer them without the Worker.
   */
  publicDetails: PublicDetails;
};

/** The example values wrangler.toml ships with. */
const PLACEHOLDERS = new Set(['your-account-id', 'libsql://your-database.turso.io']);

export class DeployRefused extends Error {}

export async function readDeploySettings(
  wranglerToml: string,
  env: NodeJS.ProcessEnv,
): Promise<DeploySettings> {
  const config = parse(await readFile(wranglerToml, 'utf8')) as { vars?: Record<string, unknown> };
  const setting = (name: string, hint: string): string => {
    const value = env[name] || config.vars?.[name];
    if (typeof value !== 'string' || !value || PLACEHOLDERS.has(value)) {
      throw new DeployRefused(
        `Set ${name} (${hint}) in wrangler.toml's [vars] or the environment.`,
      );
    }
    return value;
  };
  const accountId = setting('R2_ACCOUNT_ID', 'your Cloudflare account id');
  const databaseUrl = setting('DATABASE_URL', "your Turso database's libsql:// URL");
  let objectOrigin = `https://${accountId}.r2.cloudflarestorage.com`;
  if (env.OBJECT_STORE_ORIGIN) {
    try {
      objectOrigin = new URL(env.OBJECT_STORE_ORIGIN).origin;
    } catch {
      throw new DeployRefused(`OBJECT_STORE_ORIGIN is not a URL: ${env.OBJECT_STORE_ORIGIN}`);
    }
  }
  const vars = Object.fromEntries(
    Object.entries(config.vars ?? {}).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
  const { supportEmail, bureauName, postalAddress } = loadConfig(vars);
  return {
    accountId,
    objectOrigin,
    databaseUrl,
    publicDetails: { supportEmail, bureauName, postalAddress },
  };
}
