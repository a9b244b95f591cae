/**
 * The allow-list through the real app: tokens correctly signed but pointing somewhere they must not
 * (as if the resolver were fooled) are refused before any connection. Many cases aim at the fake CDN's
 * own port, so a check that let them through would show up in its counters.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeFileBytes } from '../../../test/fake-instagram/cdn-bytes.ts';
import type { ResolvedAddress } from '../media/proxy/allow-list.ts';
import { startMediaRig, type MediaRig } from '../../../test/media-rig.ts';

const DNS: Record<string, ResolvedAddress[]> = {
  'rebind.cdninstagram.com': [{ address: '127.0.0.1', family: 4 }],
  'mixed.fbcdn.net': [
    { address: '157.240.1.1', family: 4 },
    { address: '10.1.2.3', family: 4 },
  ],
  'v6.cdninstagram.com': [{ address: '::1', family: 6 }],
  'mapped.cdninstagram.com': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'metadata.cdninstagram.com': [{ address: '169.254.169.254', family: 4 }],
  'cgnat.fbcdn.net': [{ address: '100.100.1.1', family: 4 }],
  'ula.fbcdn.net': [{ address: 'fd12:3456::1', family: 6 }],
};
const lookups: string[] = [];

let rig: MediaRig;
let port: string;
beforeAll(async () => {
  rig = await startMediaRig({
    upstream: {
      resolveHost: async (hostname) => {
        lookups.push(hostname);
        const found = DNS[hostname];
        if (!found) throw Object.assign(new Error(`no DNS in tests for ${hostname}`), { code: 'ENOTFOUND' });
        return found;
      },
    },
  });
  port = new URL(rig.cdn.origin).port;
});
afterAll(async () => rig.close());
beforeEach(() => {
  rig.cdn.clearFaults();
  lookups.length = 0;
});

function hostileUrls(): string[] {
  const p = port;
  return [
    'https://evil.test/x.jpg',
    'https://cdninstagram.com.evil.test/x.jpg',
    'https://evilcdninstagram.com/x.jpg',
    'https://scontent.cdninstagram.com.evil.test/x.jpg',
    'https://scontent.cdninstagram.com./x.jpg',
    'https://scontent.cdninstagram.com%2eevil.test/x.jpg',
    'https://scontent.cdninstagram.com\uff0eevil.test/x.jpg',
    'https://scontent.cdninstagram.com:8443/x.jpg',
    'http://scontent.cdninstagram.com/x.jpg',
    'ftp://scontent.cdninstagram.com/x.jpg',
    'file:///etc/passwd',
    'https://user:pass@scontent.cdninstagram.com/x.jpg',
    'https://scontent.cdninstagram.com@evil.test/x.jpg',
    `http://user@127.0.0.1:${p}/x.jpg`,
    `http://127.0.0.1:${p}@evil.test/x.jpg`,
    `https://127.0.0.1:${p}/x.jpg`,
    `http://localhost:${p}/x.jpg`,
    `http://2130706433:${p}/x.jpg`,
    `http://0x7f000001:${p}/x.jpg`,
    `http://0177.0.0.1:${p}/x.jpg`,
    `http://0x7f.0.0.1:${p}/x.jpg`,
    `http://127.1:${p}/x.jpg`,
    `http://127.0.0.1.:${p}/x.jpg`,
    `HTTP://127.0.0.1:${p}/x.jpg`,
    `http://[::ffff:127.0.0.1]:${p}/x.jpg`,
    `http://[::1]:${p}/x.jpg`,
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/x.jpg',
    'https://100.64.0.1/x.jpg',
    'https://[fd00::1]/x.jpg',
    'https://[fe80::1]/x.jpg',
    'https://[::ffff:a9fe:a9fe]/x.jpg',
    'https://8.8.8.8/x.jpg',
  ];
}

describe('hostile media hosts', () => {
  it('refuses every one with 400 JSON and no connection attempted', async () => {
    const urls = hostileUrls();
    expect(urls.length).toBeGreaterThanOrEqual(20);
    const before = { requests: rig.cdn.counts.requests, connections: rig.cdn.counts.connections };
    for (const url of urls) {
      const res = await rig.get(rig.mediaPath(url));
      expect(res.status, url).toBe(400);
      expect(res.json().error, url).toEqual({ code: 'bad_request', message: 'This media address is not allowed.' });
    }
    expect({ requests: rig.cdn.counts.requests, connections: rig.cdn.counts.connections }).toEqual(before);
    expect(lookups).toEqual([]); // refused by the URL check alone
  });

  it('refuses allowed names that resolve to non-public addresses, checking inside the connection', async () => {
    const before = rig.cdn.counts.connections;
    for (const hostname of Object.keys(DNS)) {
      const res = await rig.get(rig.mediaPath(`https://${hostname}/v/t51/x.jpg`));
      expect(res.status, hostname).toBe(400);
      expect(res.json().error.message).toBe('This media address is not allowed.');
    }
    expect(lookups.sort()).toEqual(Object.keys(DNS).sort());
    expect(rig.cdn.counts.connections).toBe(before);
  });

  it('refuses a ZIP item pointing at a hostile host (listed as missing, never fetched)', async () => {
    const good = '/scontent.cdninstagram.com/v/ok.jpg';
    const token = rig.sign({
      t: 'z',
      n: 'instagram-a-b.zip',
      e: Math.floor(Date.now() / 1000) + 600,
      i: [
        { u: rig.cdn.urlFor(good), f: '01-a.jpg' },
        { u: `http://localhost:${port}/x.jpg`, f: '02-b.jpg' },
      ],
    });
    const before = rig.cdn.counts.requests;
    const res = await rig.get(`/api/v1/zip/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.includes(Buffer.from('02-b.jpg: This media address is not allowed.'))).toBe(true);
    // Only the good item reached the CDN: its size asked (HEAD, for an announced length), then its body.
    expect(rig.cdn.counts.requests).toBe(before + 2);
  });
});

describe('redirects', () => {
  const START = '/scontent.cdninstagram.com/v/start.jpg';

  it('re-checks every hop: a redirect to loopback, metadata or another host is refused with 502', async () => {
    const targets = [
      `http://localhost:${port}/x.jpg`,
      `http://[::ffff:7f00:1]:${port}/x.jpg`,
      `http://2130706433:${port}/x.jpg`,
      'https://169.254.169.254/latest/meta-data/',
      'https://evil.test/x.jpg',
      'https://rebind.cdninstagram.com/x.jpg',
      `//0x7f000001:${Number(port) + 1}/x.jpg`,
    ];
    for (const location of targets) {
      rig.cdn.setFault(START, { kind: 'redirect', location });
      const before = { requests: rig.cdn.counts.requests, connections: rig.cdn.counts.connections };
      const res = await rig.get(rig.mediaPath(rig.cdn.urlFor(START), { k: 'image' }));
      expect(res.status, location).toBe(502);
      expect(res.json().error, location).toEqual({
        code: 'upstream_unavailable',
        message: 'The media server redirected to an address that is not allowed.',
      });
      expect(rig.cdn.counts.requests, location).toBe(before.requests + 1); // only the redirecting request
      expect(rig.cdn.counts.connections - before.connections, location).toBeLessThanOrEqual(1);
    }
  });

  it('follows allowed redirects (relative and absolute) up to 3 hops, and no further', async () => {
    const hops = [0, 1, 2, 3, 4].map((i) => `/scontent.cdninstagram.com/v/hop${i}.jpg`);
    rig.cdn.setFault(hops[0]!, { kind: 'redirect', location: hops[1]!, status: 301 });
    rig.cdn.setFault(hops[1]!, { kind: 'redirect', location: rig.cdn.urlFor(hops[2]!), status: 307 });
    rig.cdn.setFault(hops[2]!, { kind: 'redirect', location: `${hops[3]}?oe=ffffffff`, status: 308 });
    const three = await rig.get(rig.mediaPath(rig.cdn.urlFor(hops[0]!), { k: 'image' }));
    expect(three.status).toBe(200);
    expect(three.body.equals(fakeFileBytes(hops[3]!))).toBe(true);

    rig.cdn.setFault(hops[3]!, { kind: 'redirect', location: hops[4]! });
    const four = await rig.get(rig.mediaPath(rig.cdn.urlFor(hops[0]!), { k: 'image' }));
    expect(four.status).toBe(502);
    expect(four.json().error.message).toBe('The media server redirected too many times.');
    expect(rig.cdn.counts.byPath.get(hops[4]!)).toBeUndefined();
  });
});
