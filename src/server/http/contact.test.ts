import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../../shared/api-schemas.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createContactStore } from '../store/contact-messages.ts';
import { openDatabase } from '../store/database.ts';

let dir: string;
const running: FastifyInstance[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-contact-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    BUILD_DIR: path.join(dir, 'no-build'),
    RATE_LIMIT_CONTACT_PER_HOUR: '1000',
    ...env,
  });
  const app = await buildApp(config);
  running.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/contact`;
  return { app, url };
}

const valid = { name: 'Ana Lima', email: 'ana@example.com', message: 'The reel download stops at 90%.', elapsedMs: 8000 };

function post(url: string, body: unknown, contentType = 'application/json') {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType, 'user-agent': 'contact-test/1.0' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Read the messages from the database file itself, through a separate connection. */
function storedMessages() {
  const db = openDatabase(dir);
  try {
    return createContactStore(db).newest(1000);
  } finally {
    db.close();
  }
}

describe('POST /api/v1/contact', () => {
  it('stores a valid message, answers 201 with its id, and the message survives a restart', async () => {
    const first = await start();
    const res = await post(first.url, { ...valid, lang: 'pt' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { ok: boolean; id: number };
    expect(body).toEqual({ ok: true, id: expect.any(Number) });
    await first.app.close();

    const second = await start();
    const rows = storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.id,
      name: 'Ana Lima',
      email: 'ana@example.com',
      message: 'The reel download stops at 90%.',
      language: 'pt',
      userAgent: 'contact-test/1.0',
    });
    expect(rows[0]!.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(rows[0]!.createdAt).toISOString()).toBe(rows[0]!.createdAt);

    const next = await post(second.url, { ...valid, message: 'A second message after the restart.' });
    expect(((await next.json()) as { id: number }).id).toBe(body.id + 1);
  });

  it('stores a message sent again with the same Idempotency-Key once, across a restart, and answers its id again', async () => {
    const send = (url: string, key: string, message = valid.message, address = '203.0.113.1') =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': address },
        body: JSON.stringify({ ...valid, message }),
      });
    const key = 'k3y-0f-this-message-0123';
    const first = await start({ TRUST_PROXY: 'true' });
    const stored = (await (await send(first.url, key)).json()) as { id: number };
    await first.app.close(); // as after a SIGKILL: the page never heard the answer, and sends again
    const second = await start({ TRUST_PROXY: 'true' });
    // The retry comes from a new address (a phone that changed networks): still the same message.
    const retry = await send(second.url, key, valid.message, '198.51.100.9');
    expect([retry.status, await retry.json()]).toEqual([201, { ok: true, id: stored.id }]);
    // Another message under the same key is a new message, stored (it was answered with the first one's id and dropped).
    const other = await send(second.url, key, 'A different message, same key.');
    expect(other.status).toBe(201);
    expect(((await other.json()) as { id: number }).id).toBeGreaterThan(stored.id);
    expect((await send(second.url, 'another-message-key-0001')).status).toBe(201);
    expect(storedMessages().map((m) => m.message)).toEqual([valid.message, 'A different message, same key.', valid.message]); // newest first
    for (const bad of ['short', 'x'.repeat(65), 'spaces are not allowed here']) {
      const res = await send(second.url, bad);
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code], bad).toEqual([400, 'bad_request']);
    }
    expect(storedMessages()).toHaveLength(3);
  });

  it('a retry of a stored message does not spend the hourly limit; a new message does', async () => {
    const { url } = await start({ RATE_LIMIT_CONTACT_PER_HOUR: '2' });
    const send = (key: string, message: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ ...valid, message }) });
    const first = (await (await send('retried-message-key-01', 'Sent once, retried often.')).json()) as { id: number };
    for (let i = 0; i < 4; i++) {
      const retry = await send('retried-message-key-01', 'Sent once, retried often.');
      expect([retry.status, await retry.json()]).toEqual([201, { ok: true, id: first.id }]);
    }
    expect((await send('second-message-key-001', 'The second message of the hour.')).status).toBe(201);
    const third = await send('third-message-key-0001', 'The third is one too many.');
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Past the limit, the first message's retry is still answered with its id.
    expect((await send('retried-message-key-01', 'Sent once, retried often.')).status).toBe(201);
    expect(storedMessages()).toHaveLength(2);
  });

  it('trims fields and ignores a page language that is not one of ours', async () => {
    const { url } = await start();
    const res = await post(url, { ...valid, name: '  Ana  ', email: ' ana@example.com ', lang: 'xx-evil' });
    expect(res.status).toBe(201);
    expect(storedMessages()[0]).toMatchObject({ name: 'Ana', email: 'ana@example.com', language: null });
  });

  it('accepts a full-length message in a multi-byte script (the body limit leaves room for it)', async () => {
    const { url } = await start();
    const res = await post(url, { ...valid, name: '山田'.repeat(50), message: '語'.repeat(CONTACT_LIMITS.message) });
    expect(res.status).toBe(201);
    expect(storedMessages()[0]!.message).toHaveLength(CONTACT_LIMITS.message);
  });

  const invalid: [string, Record<string, unknown>, Record<string, string>][] = [
    ['missing name', { name: undefined }, { name: 'required' }],
    ['blank name', { name: '   ' }, { name: 'required' }],
    ['name too long', { name: 'n'.repeat(CONTACT_LIMITS.name + 1) }, { name: 'too_long' }],
    ['name with a line break', { name: 'Ana\nBcc: x@example.com' }, { name: 'invalid' }],
    ['name not a string', { name: 42 }, { name: 'invalid' }],
    ['missing email', { email: undefined }, { email: 'required' }],
    ['email without a domain', { email: 'ana@' }, { email: 'invalid' }],
    ['email with spaces inside', { email: 'ana lima@example.com' }, { email: 'invalid' }],
    ['email too long', { email: `${'a'.repeat(250)}@example.com` }, { email: 'too_long' }],
    ['missing message', { message: undefined }, { message: 'required' }],
    ['message too short', { message: 'hi there' }, { message: 'too_short' }],
    ['message too long', { message: 'm'.repeat(CONTACT_LIMITS.message + 1) }, { message: 'too_long' }],
    ['message with a terminal escape', { message: 'Hello there\u001b[2J\u001b]8;;https://evil.test\u0007link' }, { message: 'invalid' }],
    ['message with a NUL byte', { message: 'Hello there, \u0000 friend' }, { message: 'invalid' }],
    ['message with a lone carriage return', { message: 'Hello there\rforged line' }, { message: 'invalid' }],
    ['name with a right-to-left override', { name: 'Ana \u202egnp.exe' }, { name: 'invalid' }],
    ['name with an escape', { name: 'Ana\u001b[31m' }, { name: 'invalid' }],
    ['all three wrong', { name: '', email: 'nope', message: 'short' }, { name: 'required', email: 'invalid', message: 'too_short' }],
  ];
  it.each(invalid)('answers 400 bad_request with field errors for %s, storing nothing', async (_label, change, fields) => {
    const { url } = await start();
    const res = await post(url, { ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('bad_request');
    expect(body.error.fields).toEqual(fields);
    expect(body.error.message).toMatch(/check/i);
    expect(storedMessages()).toHaveLength(0);
  });

  it('keeps newlines and tabs in a message, and stores CRLF line ends as newlines', async () => {
    const { url } = await start();
    const res = await post(url, { ...valid, message: 'First line\r\n\tindented second line\nthird' });
    expect(res.status).toBe(201);
    expect(storedMessages()[0]!.message).toBe('First line\n\tindented second line\nthird');
  });

  it('answers 400 without field errors when the body is not an object', async () => {
    const { url } = await start();
    const res = await post(url, ['not', 'an', 'object']);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields?: unknown } };
    expect(body.error.code).toBe('bad_request');
    expect(body.error.fields).toBeUndefined();
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const { url } = await start();
    const res = await post(url, { ...valid, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(storedMessages()).toHaveLength(0);
  });

  it('treats a blank honeypot as a person', async () => {
    const { url } = await start();
    expect((await post(url, { ...valid, website: '' })).status).toBe(201);
    expect(storedMessages()).toHaveLength(1);
  });

  it('drops a form sent too fast, keeps one sent after 3 s or without timing', async () => {
    const { url } = await start();
    const fast = await post(url, { ...valid, elapsedMs: 1200 });
    expect(fast.status).toBe(201);
    expect(await fast.json()).toEqual({ ok: true });
    expect(storedMessages()).toHaveLength(0);
    expect((await post(url, { ...valid, elapsedMs: 3000.5 })).status).toBe(201);
    const { elapsedMs: _omit, ...untimed } = valid;
    expect((await post(url, untimed)).status).toBe(201);
    expect(storedMessages()).toHaveLength(2);
  });

  it('rate-limits per IP with a JSON 429 and Retry-After, storing nothing over the limit', async () => {
    const { url } = await start({ RATE_LIMIT_CONTACT_PER_HOUR: '2' });
    expect((await post(url, valid)).status).toBe(201);
    expect((await post(url, valid)).status).toBe(201);
    const limited = await post(url, valid);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect(storedMessages()).toHaveLength(2);
  });

  it('answers malformed JSON, an empty body, non-JSON and huge bodies with JSON 4xx errors', async () => {
    const { url } = await start();
    const cases: [RequestInit, number, string][] = [
      [{ body: '{"name": "Ana",', headers: { 'content-type': 'application/json' } }, 400, 'bad_request'],
      [{ body: '', headers: { 'content-type': 'application/json' } }, 400, 'bad_request'],
      [{ body: JSON.stringify(valid), headers: { 'content-type': 'text/plain' } }, 415, 'unsupported_media_type'],
      [{ body: 'name=Ana&email=a%40b.co', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415, 'unsupported_media_type'],
      [{ body: JSON.stringify({ ...valid, message: 'x'.repeat(40_000) }), headers: { 'content-type': 'application/json' } }, 413, 'payload_too_large'],
    ];
    for (const [init, status, code] of cases) {
      const res = await fetch(url, { method: 'POST', ...init });
      expect(res.status, code).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    expect(storedMessages()).toHaveLength(0);
  });

  it('never answers 201 when the message could not be stored', async () => {
    const { url } = await start();
    const db = openDatabase(dir);
    db.exec('DROP TABLE contact_messages'); // the app's statements now fail, as they would on a broken disk
    db.close();
    const res = await post(url, valid);
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('internal');
  });
});
