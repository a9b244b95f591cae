import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { expandIPv6, isPublicAddress } from './address-policy.ts';
import { createMediaAllowList, MediaUrlRefused, type HostResolver } from './allow-list.ts';

const list = createMediaAllowList({ hosts: ['*.cdninstagram.com', '*.fbcdn.net', 'media.example.org', '*', '*.com'], testOrigins: ['http://127.0.0.1:4001'] });

describe('media allow-list: URL check', () => {
  it.each([
    'https://scontent-lhr8-1.cdninstagram.com/v/t51.2885-15/1_n.jpg?oh=1&oe=6650B2C4',
    'https://instagram.fmad3-1.fna.fbcdn.net/o1/v/t16/x.mp4',
    'https://SCONTENT.CDNINSTAGRAM.COM/x.jpg',
    'https://scontent.cdninstagram.com:443/x.jpg',
    'https://media.example.org/x.jpg',
    'http://127.0.0.1:4001/scontent.cdninstagram.com/x.jpg',
  ])('allows %s', (url) => {
    expect(list.check(url)).toBeInstanceOf(URL);
  });

  it.each([
    'https://cdninstagram.com/x.jpg', // the pattern needs a subdomain
    'https://sub.media.example.org/x.jpg', // an exact entry is exact
    'https://example.com/x.jpg', // the `*.com` and `*` patterns are ignored as too broad
    'https://xn--scontent-evil.test/x.jpg',
    'http://127.0.0.1:4002/x.jpg',
    'http://127.0.0.1:4001.evil.test/x.jpg',
    'https://[::]/x.jpg',
    'https://0/x.jpg',
    'https://-bad-.cdninstagram.com/x.jpg',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(() => list.check(url)).toThrow(MediaUrlRefused);
  });

  it('parses the way the connection will: backslashes and dot segments stay on the checked host', () => {
    expect(list.check('https://scontent.cdninstagram.com\\..\\evil.test/x').hostname).toBe('scontent.cdninstagram.com');
    expect(() => list.check('https://evil.test\\@scontent.cdninstagram.com/x')).toThrow(MediaUrlRefused);
  });

  it('resolves a redirect against the current URL and re-checks it', () => {
    const base = list.check('https://scontent.cdninstagram.com/a/b.jpg');
    expect(list.check('../c.jpg', base).href).toBe('https://scontent.cdninstagram.com/c.jpg');
    expect(() => list.check('//evil.test/x', base)).toThrow(MediaUrlRefused);
    const test = list.check('http://127.0.0.1:4001/a.jpg');
    expect(list.check('/b.jpg', test).href).toBe('http://127.0.0.1:4001/b.jpg');
    expect(() => list.check('http://0x7f.1:4001/b.jpg', test)).toThrow(MediaUrlRefused);
  });
});

describe('media allow-list: address policy', () => {
  it.each([
    '0.0.0.0', '10.1.2.3', '100.64.0.1', '100.127.255.255', '127.0.0.1', '127.255.255.254', '169.254.169.254', '172.16.0.1',
    '172.31.255.255', '192.168.1.1', '192.0.2.5', '198.18.0.1', '224.0.0.1', '255.255.255.255', '::', '::1', 'fe80::1',
    'fd00::1', 'fc00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe',
    '::ffff:157.240.1.35', '::ffff:9df0:123', '64:ff9b:1::9df0:123', '64:ff9b:1:ffff::1',
    '2002:c0a8:0101::1', '2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:db8::1', '::127.0.0.1', 'not-an-ip', '',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['157.240.1.35', '31.13.64.1', '8.8.8.8', '100.128.0.1', '172.32.0.1', '2a03:2880:f12f:83:face:b00c:0:25de', '64:ff9b::9df0:123'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('expands IPv6 forms', () => {
    expect(expandIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(expandIPv6('2001:db8::1')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
    expect(expandIPv6('1.2.3.4')).toBeUndefined();
  });
});

describe('media allow-list: lookup inside the connection', () => {
  function lookupWith(resolver: HostResolver, hostname: string, options: LookupOptions) {
    return new Promise<{ err: Error | null; address: string | LookupAddress[]; family?: number }>((resolve) => {
      list.lookup(resolver)(hostname, options, ((err: Error | null, address: string | LookupAddress[], family?: number) =>
        resolve({ err, address, family })) as never);
    });
  }
  const dns: HostResolver = async (name) =>
    ({
      'ok.cdninstagram.com': [
        { address: '157.240.1.35', family: 4 as const },
        { address: '2a03:2880:f12f:83:face:b00c:0:25de', family: 6 as const },
      ],
      'bad.cdninstagram.com': [{ address: '127.0.0.1', family: 4 as const }],
    })[name] ?? [];

  it('hands net the checked addresses, honouring all and family', async () => {
    expect(await lookupWith(dns, 'ok.cdninstagram.com', { all: true })).toMatchObject({ err: null, address: [{ address: '157.240.1.35' }, { family: 6 }] });
    expect(await lookupWith(dns, 'ok.cdninstagram.com', {})).toMatchObject({ err: null, address: '157.240.1.35', family: 4 });
    expect(await lookupWith(dns, 'ok.cdninstagram.com', { family: 6 })).toMatchObject({ err: null, address: '2a03:2880:f12f:83:face:b00c:0:25de' });
  });

  it('refuses private answers, names outside the list and empty answers', async () => {
    expect((await lookupWith(dns, 'bad.cdninstagram.com', { all: true })).err).toBeInstanceOf(MediaUrlRefused);
    expect((await lookupWith(dns, 'evil.test', { all: true })).err).toBeInstanceOf(MediaUrlRefused);
    expect((await lookupWith(dns, 'none.cdninstagram.com', { all: true })).err).toMatchObject({ code: 'ENOTFOUND' });
  });
});
