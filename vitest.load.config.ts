// `npm run test:load`: the load run (worker/under-load.load.test.ts) starts the real Node server
// and drives it for a minute, so it is kept out of `npm run test:unit` and runs on its own.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['worker/**/*.load.test.ts'],
    environment: 'node',
    pool: 'forks',
    // One file at a time: each drives a server as hard as the machine allows, and two at once
    // starved the Workers backup drill past its limit on a 2-core CI machine.
    fileParallelism: false,
  },
});
