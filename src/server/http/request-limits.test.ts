import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppRig } from '../../../test/app-rig.ts';
import { MAX_TOKEN_LENGTH } from '../media/token.ts';
import { MAX_URL_BYTES, urlTooLong } from './request-limits.ts';

let rig: AppRig;
beforeAll(async () => {
  rig = await startApp({ env: { RATE_LIMIT_MEDIA_PER_MIN: '2', RATE_LIMIT_CONTACT_PER_HOUR: '100' } });
});
afterAll(async () => rig.close());

/** One raw exchange on a fresh socket: what a client that is not a well-behaved HTTP library sees. */
function rawExchange(bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(rig.port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5000, () => reject(new Error('no answer')));
  });
}

function jsonBodyOf(raw: string): { error: { code: string; message: string } } {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

describe('request limits', () => {
  it('answers a URL over 8 KB with a JSON 414, and still echoes the request id', async () => {
    const res = await fetch(`${rig.base}/en?q=${'a'.repeat(MAX_URL_BYTES)}`, { headers: { 'x-request-id': 'long-url-1' } });
    expect(res.status).toBe(414);
    expect(res.headers.get('x-request-id')).toBe('long-url-1');
    expect(await res.json()).toEqual({ error: { code: 'bad_request', message: 'The request URL is too long.' } });
  });

  it('lets media and zip token URLs run to the longest token verify accepts (a 20-item ZIP token passes 8 KB)', async () => {
    expect(urlTooLong(`/api/v1/zip/${'a'.repeat(12_000)}`)).toBe(false);
    expect(urlTooLong(`/api/v1/zip/${'a'.repeat(MAX_TOKEN_LENGTH)}?download=1`)).toBe(false);
    expect(urlTooLong(`/api/v1/zip/${'a'.repeat(MAX_TOKEN_LENGTH + 1)}`)).toBe(true);
    expect(urlTooLong(`/api/v1/zip/${'a'.repeat(21_000)}`)).toBe(true);
    expect(urlTooLong(`/api/v1/resolve?${'a'.repeat(9_000)}`)).toBe(true);
    const res = await fetch(`${rig.base}/api/v1/zip/${'a'.repeat(12_000)}.${'b'.repeat(43)}`);
    expect(res.status).toBe(400); // parsed and refused as a bad token, not cut off as too long
    expect((await res.json()).error.code).toBe('bad_request');
  });

  it.each(['media', 'zip'])('answers an over-long %s token path with a JSON 414', async (route) => {
    for (const length of [MAX_TOKEN_LENGTH + 1, 18_000, 20_000]) {
      const res = await fetch(`${rig.base}/api/v1/${route}/${'a'.repeat(length)}.${'b'.repeat(43)}?download=1`);
      expect(res.status, String(length)).toBe(414);
      expect((await res.json()).error.code).toBe('bad_request');
    }
  });

  it('answers oversized headers with a JSON 431 instead of a bare socket error', async () => {
    const raw = await rawExchange(`GET / HTTP/1.1\r\nHost: x\r\nX-Junk: ${'j'.repeat(40_000)}\r\n\r\n`);
    expect(raw.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(jsonBodyOf(raw).error.code).toBe('bad_request');
  });

  it('answers a malformed request line with a JSON 400', async () => {
    for (const bytes of ['NOT A REQUEST\r\n\r\n', 'GET /\0 HTTP/1.1\r\n\r\n', 'GET / HTTP/1.1\r\nBad Header\r\n\r\n', '\x16\x03\x01\x02\x00\x01\x00']) {
      const raw = await rawExchange(bytes);
      expect(raw.startsWith('HTTP/1.1 400 '), JSON.stringify(bytes)).toBe(true);
      expect(jsonBodyOf(raw).error.code).toBe('bad_request');
    }
  });

  it('answers CONNECT with a JSON 405 instead of a closed socket, and keeps serving', async () => {
    const raw = await rawExchange('CONNECT www.instagram.com:443 HTTP/1.1\r\nHost: www.instagram.com:443\r\n\r\n');
    expect(raw.startsWith('HTTP/1.1 405 '), raw).toBe(true);
    expect(jsonBodyOf(raw).error.code).toBe('bad_request');
    expect((await fetch(`${rig.base}/healthz`)).status).toBe(200);
  });

  it('refuses JSON in a charset other than UTF-8 with a JSON 415, before reading it', async () => {
    const post = (contentType: string) =>
      fetch(`${rig.base}/api/v1/contact`, { method: 'POST', headers: { 'content-type': contentType }, body: JSON.stringify({ name: 'x' }) });
    for (const charset of ['utf-7', 'UTF-7', '"bogus"', 'latin1']) {
      const res = await post(`application/json; charset=${charset}`);
      expect([res.status, (await res.json()).error.code], charset).toEqual([415, 'unsupported_media_type']);
    }
    // UTF-8, however it is spelt, is read (and this body is then a bad contact message).
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"']) {
      const res = await post(type);
      expect([res.status, (await res.json()).error.code], type).toEqual([400, 'bad_request']);
    }
  });

  it('answers a body over the limit with a JSON 413', async () => {
    const res = await fetch(`${rig.base}/api/v1/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', email: 'a@b.co', message: 'm'.repeat(100_000) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });
});

describe('request ids', () => {
  it('honours a sane x-request-id and returns it', async () => {
    const res = await fetch(`${rig.base}/healthz`, { headers: { 'x-request-id': 'edge-7f3a:01' } });
    expect(res.headers.get('x-request-id')).toBe('edge-7f3a:01');
  });

  it('replaces an absent or hostile x-request-id with a fresh UUID', async () => {
    const ids = new Set<string>();
    for (const given of [undefined, 'x'.repeat(500), 'a b{"inject":1}']) {
      const res = await fetch(`${rig.base}/healthz`, { headers: given ? { 'x-request-id': given } : {} });
      const id = res.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(3);
  });
});

describe('rate limits', () => {
  it('answers over-limit requests 429 rate_limited with Retry-After, per client IP', async () => {
    const path = `/api/v1/media/not-a-token`;
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 3; i++) {
      last = await fetch(rig.base + path);
      statuses.push(last.status);
      if (i < 2) await last.arrayBuffer();
    }
    expect(statuses).toEqual([400, 400, 429]);
    const retryAfter = Number(last!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await last!.json()).toEqual({ error: { code: 'rate_limited', message: 'Rate limit exceeded. Please try again later.', source: 'instance' } });
  });

  it('never limits the health and readiness routes', async () => {
    for (let i = 0; i < 5; i++) {
      for (const path of ['/healthz', '/readyz']) {
        const res = await fetch(rig.base + path);
        await res.arrayBuffer();
        expect(res.status === 200 || (path === '/readyz' && res.status === 503)).toBe(true);
      }
    }
  });
});
