import { defineConfig } from 'vitest/config';

// Unit and integration tests (server on loopback + fake upstream). Browser tests are Playwright's (test/e2e).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two workers on CI's two cores (the default is cores − 1), and one module graph per worker instead of one per
    // file: the files mostly import the same app, and importing it again for each of 92 files took a minute of the
    // run (179 s → 66 s measured with `time npx vitest run`). No test mocks modules or changes globals, so nothing
    // leaks between files; shuffled file orders pass as well.
    maxWorkers: 2,
    isolate: false,
  },
});
