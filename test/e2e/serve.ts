/**
 * The browser tests' server: the real app on the production build, wired to the fake Instagram upstream
 * when it is available, with a throwaway data directory.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';

const port = Number(process.env.E2E_PORT ?? 4173);
const env: Record<string, string> = {
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gramsave-e2e-')),
  LOG_LEVEL: 'warn',
  DOWNLOAD_SECRET: 'e2e-secret-e2e-secret-e2e-secret-123',
};

const app = await buildApp(loadConfig(env));
await app.listen({ port, host: '127.0.0.1' });

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
