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
import { createContactStore } from '../src/server/store/contact-messages.ts';
import { openDatabase } from '../src/server/store/database.ts';

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

  it('prints what a visitor stored as visible escapes, never raw terminal controls', async () => {
    // Rows written before the API refused control characters (or by another tool) hold them still.
    const db = openDatabase(dir);
    createContactStore(db).save({
      name: 'Eve \u202egnp.exe',
      email: 'eve@example.com',
      message: 'Hi\u001b[2J\u001b]8;;https://evil.test\u0007click\u001b]8;;\u0007\rforged #9 line\u0000\n\tindented',
      language: 'de\u001b[31m',
    });
    db.close();
    for (const args of [[], ['--json']]) {
      const { stdout } = await list(...args);
      const raw = [...stdout].filter((c) => c !== '\n' && c !== '\t' && /[\p{Cc}\u202e]/u.test(c));
      expect(raw, args.join(' ')).toEqual([]);
    }
    const { stdout } = await list();
    expect(stdout).toContain('Eve \\u{202e}gnp.exe <eve@example.com>');
    expect(stdout).toContain('Hi\\u{1b}[2J\\u{1b}]8;;https://evil.test\\u{7}click');
    expect(stdout).toContain('\\u{d}forged #9 line\\u{0}');
    expect(stdout).toContain('    \tindented');
    const json = JSON.parse((await list('--json')).stdout) as { messages: { name: string }[] };
    expect(json.messages[0]!.name).toBe('Eve \u202egnp.exe');
  });

  it('rejects a bad --limit with usage and exit code 1', async () => {
    await expect(list('--limit', 'lots')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('usage:') });
  });
});
