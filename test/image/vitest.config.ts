import { defineConfig } from 'vitest/config';

// `npm run test:image`: builds the image (test/image/setup.ts) and runs it, alone and in compose, against the fake
// Instagram. Outside `npm test` and .ci/run for its time; one file at a time, since each starts containers.
export default defineConfig({
  test: {
    include: ['test/image/*.image.ts'],
    globalSetup: ['test/image/setup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    reporters: ['verbose'],
  },
});
