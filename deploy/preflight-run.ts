// Runs the preflight and prints its table: `npm run deploy:preflight` alone, and the first step
// of `npm run deploy`. The CORS policy made from PUBLIC_ORIGIN is written to a file the
// printed `wrangler r2 bucket cors set` command applies.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bucketCorsPolicy } from './bucket-cors-policy.ts';
import { DeployRefused } from './deploy-settings.ts';
import { preflight, preflightTable, readPreflightSettings } from './preflight.ts';

/**
 * Prints the rows; throws DeployRefused when any fails, else answers the pinned account.
 * remoteOptional: the dry run's way.
 */
export async function runPreflight(
  wranglerToml: string,
  env: NodeJS.ProcessEnv,
  options: { remoteOptional: boolean },
): Promise<string> {
  const settings = await readPreflightSettings(wranglerToml, env);
  let corsFix = 'set PUBLIC_ORIGIN first.';
  if (settings.publicOrigin) {
    const file = join(await mkdtemp(join(tmpdir(), 'portal-cors-')), 'r2-cors.json');
    await writeFile(file, `${JSON.stringify(bucketCorsPolicy(settings.publicOrigin), null, 2)}\n`);
    corsFix = `npx wrangler r2 bucket cors set ${settings.bucket} --file ${file}`;
  }
  const rows = await preflight(settings, env, { corsFix, ...options });
  console.log(`\n== Preflight\n${preflightTable(rows)}`);
  if (rows.some((row) => row.ok === false)) {
    throw new DeployRefused(
      'the preflight found what would break the deployed portal (FAIL rows).',
    );
  }
  return settings.accountId!;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL('..', import.meta.url).pathname;
  runPreflight(join(root, 'wrangler.toml'), process.env, { remoteOptional: false }).then(
    () => console.log('\nPreflight passed.'),
    (error) => {
      console.error(`\nPreflight: ${error instanceof Error ? error.message : error}`);
      process.exit(error instanceof DeployRefused ? 2 : 1);
    },
  );
}
