// npm run deploy:check: proves, once, against a real R2 account and a throwaway bucket, each R2
// behaviour the portal relies on (r2-checks.ts) and prints a table; exits 1 if any row fails.
// Set R2_ACCOUNT_ID, R2_ACCESS_KEY_ID, R2_SECRET_ACCESS_KEY (a token for that bucket only),
// R2_CHECK_BUCKET, and PUBLIC_ORIGIN (an origin in the bucket's CORS policy, deploy/r2-cors.json).
// R2_S3_ORIGIN points it at another S3 endpoint (its tests use the local stand-in).
import { checkTable, runR2Checks } from './r2-checks.ts';

const env = process.env;
const missing = [
  'R2_ACCOUNT_ID',
  'R2_ACCESS_KEY_ID',
  'R2_SECRET_ACCESS_KEY',
  'R2_CHECK_BUCKET',
  'PUBLIC_ORIGIN',
].filter((name) => !env[name]);
if (missing.length) {
  console.error(`Set ${missing.join(', ')} (README, 'Checking R2 before the first deploy').`);
  process.exit(2);
}
const rows = await runR2Checks({
  accountId: env.R2_ACCOUNT_ID!,
  accessKeyId: env.R2_ACCESS_KEY_ID!,
  secretAccessKey: env.R2_SECRET_ACCESS_KEY!,
  bucketName: env.R2_CHECK_BUCKET!,
  pageOrigin: env.PUBLIC_ORIGIN!.replace(/\/$/, ''),
  ...(env.R2_S3_ORIGIN ? { s3Origin: env.R2_S3_ORIGIN } : {}),
});
console.log(checkTable(rows));
const failed = rows.filter((r) => !r.ok).length;
console.log(failed ? `${failed} of ${rows.length} failed.` : `All ${rows.length} hold.`);
process.exit(failed ? 1 : 0);
