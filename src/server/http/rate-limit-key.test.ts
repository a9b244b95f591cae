import { describe, expect, it } from 'vitest';
import { rateLimitKey } from './rate-limit-key.ts';

describe('rateLimitKey', () => {
  it('counts an IPv4 client by its address', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:85a3:8d3::/64';
    expect(rateLimitKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(key);
    expect(rateLimitKey('2001:0DB8:85A3:08D3:ffff::1')).toBe(key);
    expect(rateLimitKey('2001:db8:85a3:8d3::')).toBe(key);
    expect(rateLimitKey('2001:db8:85a3:8d3::1%eth0')).toBe(key);
    expect(rateLimitKey('2001:db8:85a3:8d4::1')).not.toBe(key);
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 client', () => {
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(rateLimitKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keeps text that is no address as it is (a forwarded header can say anything)', () => {
    for (const junk of ['1:2:3', '1::2::3', ':::', 'fe80::zz', '::ffff:300.1.1.1', '1:2:3:4:5:6:7:8:9', 'ab:CD::x']) {
      expect(rateLimitKey(junk)).toBe(junk.toLowerCase());
    }
  });
});
