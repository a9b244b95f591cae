import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createContactStore, type ContactMessage } from '../store/contact-messages.ts';
import { openDatabase } from '../store/database.ts';
import { MAX_FORWARD_ATTEMPTS, composeForward, senderAddress } from './forward-contact.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A tiny real SMTP server: greets, accepts one envelope at a time, collects DATA. */
async function startSmtpSink(options: { rejectRecipients?: boolean } = {}) {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.test ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 2.0.0 queued');
          } else {
            current.data += (line.startsWith('..') ? line.slice(1) : line) + '\n';
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink.test');
        else if (verb === 'MAIL') {
          current.from = line.slice(10);
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (options.rejectRecipients) reply('550 5.1.1 no such mailbox');
          else {
            current.to.push(line.slice(8));
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 ok');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else reply('502 5.5.2 command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Poll until `probe` gives a truthy value. */
async function waitFor<T>(probe: () => T | null | undefined | false | '', what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let dir: string;
const cleanups: (() => Promise<void>)[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-forward-'));
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

async function startApp(smtpUrl: string): Promise<{ app: FastifyInstance; url: string }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    BUILD_DIR: path.join(dir, 'no-build'),
    SMTP_URL: smtpUrl,
    CONTACT_TO: 'team@gramsave.test',
  });
  const app = await buildApp(config);
  cleanups.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/contact` };
}

function readMessage(id: number): ContactMessage | undefined {
  const db = openDatabase(dir);
  try {
    return createContactStore(db).get(id);
  } finally {
    db.close();
  }
}

async function submit(url: string, message: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ana Lima', email: 'ana@example.com', message, elapsedMs: 9000, lang: 'es' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe('contact email forward', () => {
  it('mails a stored message to CONTACT_TO after answering, then records forwarded_at', async () => {
    const sink = await startSmtpSink();
    cleanups.push(sink.close);
    const { url } = await startApp(sink.url);
    const id = await submit(url, 'Stories from private accounts fail.\n..and a second line.');

    const mail = await waitFor(() => sink.mails[0], 'the forwarded mail');
    expect(mail.to).toEqual(['<team@gramsave.test>']);
    expect(mail.from).toBe('<team@gramsave.test>');
    expect(mail.data).toMatch(/^Reply-To: "?Ana Lima"? <ana@example\.com>$/m);
    expect(mail.data).toMatch(new RegExp(`^Subject: Gramsave contact #${id} from Ana Lima$`, 'm'));
    expect(mail.data).toContain('Stories from private accounts fail.');
    expect(mail.data).toContain('..and a second line.');
    expect(mail.data).toContain('Page language: es');

    const row = await waitFor(() => readMessage(id)?.forwardedAt && readMessage(id), 'forwarded_at');
    expect(row).toMatchObject({ forwardError: null, forwardAttempts: 1 });
  });

  it('keeps the message and records the error when the SMTP server is down, then retries at the next start', async () => {
    const down = `smtp://127.0.0.1:${await closedPort()}`;
    const first = await startApp(down);
    const id = await submit(first.url, 'The forward of this one will fail at first.');
    const failed = await waitFor(() => readMessage(id)?.forwardError && readMessage(id), 'forward_error');
    expect(failed.forwardError).toMatch(/^(ESOCKET|ECONNECTION): .*ECONNREFUSED/);
    expect(failed).toMatchObject({ forwardedAt: null, forwardAttempts: 1, message: 'The forward of this one will fail at first.' });
    await first.app.close();

    const sink = await startSmtpSink();
    cleanups.push(sink.close);
    await startApp(sink.url);
    const mail = await waitFor(() => sink.mails[0], 'the retried mail');
    expect(mail.data).toContain('The forward of this one will fail at first.');
    const row = await waitFor(() => readMessage(id)?.forwardedAt && readMessage(id), 'forwarded_at after retry');
    expect(row).toMatchObject({ forwardError: null, forwardAttempts: 2 });
  });

  it('does not make the visitor wait for a hanging SMTP server', async () => {
    const hung = new Set<net.Socket>();
    const silent = net.createServer((socket) => hung.add(socket)); // accepts, never greets
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => silent.close(() => resolve())));
    const { url } = await startApp(`smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`);
    const started = Date.now();
    const id = await submit(url, 'Answered while the mail server hangs.');
    expect(Date.now() - started).toBeLessThan(2_000);
    await waitFor(() => hung.size > 0, 'the forward to connect');
    expect(readMessage(id)).toMatchObject({ forwardedAt: null, forwardError: null });
    for (const socket of hung) socket.destroy(); // the server dies mid-greeting: recorded as a failure
    const row = await waitFor(() => readMessage(id)?.forwardError && readMessage(id), 'forward_error');
    expect(row.forwardedAt).toBeNull();
  });

  it('records a refused recipient as an envelope error', async () => {
    const sink = await startSmtpSink({ rejectRecipients: true });
    cleanups.push(sink.close);
    const { url } = await startApp(sink.url);
    const id = await submit(url, 'Nobody will receive this one.');
    const row = await waitFor(() => readMessage(id)?.forwardError && readMessage(id), 'forward_error');
    expect(row.forwardError).toMatch(/^EENVELOPE: .*550/);
    expect(sink.mails).toHaveLength(0);
  });

  it('stops retrying a message after its attempts are used up', async () => {
    openDatabase(dir).close();
    const db = openDatabase(dir);
    const store = createContactStore(db);
    const spent = store.save({ name: 'Old', email: 'old@example.com', message: 'tried too many times already' });
    for (let i = 0; i < MAX_FORWARD_ATTEMPTS; i++) store.markForwardFailed(spent, 'ETIMEDOUT: timeout');
    const fresh = store.save({ name: 'New', email: 'new@example.com', message: 'never tried to forward yet' });
    db.close();

    const sink = await startSmtpSink();
    cleanups.push(sink.close);
    await startApp(sink.url);
    await waitFor(() => readMessage(fresh)?.forwardedAt, 'the untried message to be forwarded');
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]!.data).toContain('never tried to forward yet');
    expect(readMessage(spent)).toMatchObject({ forwardedAt: null, forwardAttempts: MAX_FORWARD_ATTEMPTS });
  });
});

describe('forward helpers', () => {
  it('sends as the SMTP login when it is an address, else as the recipient', () => {
    expect(senderAddress('smtps://bot%40gramsave.app:pw@smtp.example.com:465', 'team@gramsave.app')).toBe('bot@gramsave.app');
    expect(senderAddress('smtp://apikey:pw@smtp.example.com', 'team@gramsave.app')).toBe('team@gramsave.app');
  });

  it('composes a plain-text mail that replies to the visitor', () => {
    const mail = composeForward({
      id: 7, createdAt: '2025-01-02T03:04:05.000Z', name: 'Bo', email: 'bo@example.com', message: 'Hello there!',
      language: null, ipHash: null, userAgent: null, forwardedAt: null, forwardError: null, forwardAttempts: 0,
    });
    expect(mail.subject).toBe('Gramsave contact #7 from Bo');
    expect(mail.replyTo).toEqual({ name: 'Bo', address: 'bo@example.com' });
    expect(mail.text).toBe('From: Bo <bo@example.com>\nSent: 2025-01-02T03:04:05.000Z\nMessage #7:\n\nHello there!\n');
  });
});
