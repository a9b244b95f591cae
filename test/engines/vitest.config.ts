import { defineConfig } from 'vitest/config';

// The cross-engine smoke suite (`npm run test:engines`, after `npm run build`): Firefox ESR and WebKitGTK from Debian
// against one server on the production build. One file per engine; the files run side by side.
export default defineConfig({
  test: {
    include: ['test/engines/*.engine.ts'],
    globalSetup: ['test/engines/server.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['verbose'],
  },
});
