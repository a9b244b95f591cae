import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';

const run = promisify(execFile);
const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'contact-list.mjs');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-contact-list-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function list(...args: string[]) {
  return run(process.execPath, [SCRIPT, ...args], { env: { PATH: process.env.PATH ?? '', DATA_DIR: dir } });
}

async function startApp() {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, BUILD_DIR: path.join(dir, 'no-build') });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/contact` };
}

async function submit(url: string, name: string, message: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email: `${name.toLowerCase()}@example.com`, message, elapsedMs: 6000, lang: 'de' }),
  });
  expect(res.status).toBe(201);
}

describe('npm run contact:list', () => {
  it('says so when there is no database yet', async () => {
    const { stdout } = await list();
    expect(stdout).toContain('No contact messages');
    expect(stdout).toContain(path.join(dir, 'gramsave.db'));
  });

  it('prints messages newest first while the server is running, and after it stopped', async () => {
    const { app, url } = await startApp();
    try {
      await submit(url, 'Ana', 'First message, about reels.');
      await submit(url, 'Ben', 'Second message:\nit has two lines.');
      const { stdout } = await list();
      expect(stdout).toMatch(/^2 contact messages in /);
      const ben = stdout.indexOf('#2  ');
      const ana = stdout.indexOf('#1  ');
      expect(ben).toBeGreaterThan(0);
      expect(ana).toBeGreaterThan(ben);
      expect(stdout).toMatch(/#2 {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}Ben <ben@example\.com> {2}\[de\] {2}\(not forwarded\)/);
      expect(stdout).toContain('    Second message:\n    it has two lines.');
      expect(stdout).toContain('    First message, about reels.');
    } finally {
      await app.close();
    }
    const after = await list('--limit', '1');
    expect(after.stdout).toContain('(newest 1 shown)');
    expect(after.stdout).toContain('Ben <ben@example.com>');
    expect(after.stdout).not.toContain('Ana <ana@example.com>');
  });

  it('prints JSON with --json', async () => {
    const { app, url } = await startApp();
    await submit(url, 'Cy', 'A message for the JSON listing.');
    await app.close();
    const { stdout } = await list('--json');
    const parsed = JSON.parse(stdout) as { total: number; messages: { id: number; name: string; message: string }[] };
    expect(parsed.total).toBe(1);
    expect(parsed.messages[0]).toMatchObject({ id: 1, name: 'Cy', message: 'A message for the JSON listing.' });
  });

  it('rejects a bad --limit with usage and exit code 1', async () => {
    await expect(list('--limit', 'lots')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('usage:') });
  });
});
