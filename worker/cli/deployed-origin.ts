// The admin CLI's links (MFA set-up, the change notices' mail) name PUBLIC_ORIGIN, which
// defaults to http://localhost:PORT. Run against the deployed database (README's Cloudflare
// steps give only DATABASE_URL and its token), they must name the deployed portal instead:
// wrangler.toml's PUBLIC_ORIGIN, when the CLI's DATABASE_URL is the one wrangler.toml deploys.
import { readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';

/** The example PUBLIC_ORIGIN wrangler.toml ships with: never a link's origin. */
const PLACEHOLDER = 'https://portal.example.co.za';

/** wrangler.toml's PUBLIC_ORIGIN when env works on its database and names no origin itself. */
export async function deployedOrigin(
  env: NodeJS.ProcessEnv,
  wranglerToml: string,
): Promise<string | undefined> {
  if (env.PUBLIC_ORIGIN || !env.DATABASE_URL) return undefined;
  let vars: Record<string, unknown> | undefined;
  try {
    vars = (parse(await readFile(wranglerToml, 'utf8')) as { vars?: Record<string, unknown> }).vars;
  } catch {
    return undefined;
  }
  const origin = vars?.PUBLIC_ORIGIN;
  if (vars?.DATABASE_URL !== env.DATABASE_URL || typeof origin !== 'string') return undefined;
  return origin && origin !== PLACEHOLDER ? origin : undefined;
}
