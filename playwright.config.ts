import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
// Debian's headless shell: the same Chromium build without the browser's UI, as Playwright runs headless by default.
// The same specs took 0.58 and 0.75 of the time with it (revisit.spec, twice each, alternated on this machine).
// install.spec.ts and the Lighthouse check launch the whole browser (CHROMIUM_PATH) themselves.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_HEADLESS_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'));

// Browser tests: Debian's Chromium against the production build served by the real server,
// wired to the fake Instagram upstream (test/e2e/serve.ts starts both).
export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // One more try for a test that fails: the list reporter names a test that passed only then as "flaky" in its summary,
  // a bug to find (two were: a read of two boxes between which the page moved, a frame painted mid-parse), while
  // one unlucky frame on a loaded CI machine does not throw away a whole run. A test that fails twice fails the run.
  retries: 1,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    // The service worker is tested on its own (install.spec.ts): elsewhere every request should reach the server
    // as a first-time browser's would, so each test sees the server's own answers.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `tsx test/e2e/serve.ts`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    env: { E2E_PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
