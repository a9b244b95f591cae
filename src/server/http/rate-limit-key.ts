/**
 * Whom a rate limit counts: an IPv4 client by its address, an IPv6 client by its /64 (one subscriber's network,
 * as @fastify/rate-limit does by default), an IPv4-mapped IPv6 address as the IPv4 address. The plugin's default
 * runs node:net's IPv6 regular expression on every request (2 % of a cached resolve's profile); an IPv4 address
 * needs no work, and an IPv6 one is worked out once while it is seen.
 */
import { memoized } from './memo.ts';

const ipv6Key = memoized(function ipv6Key(ip: string): string {
  const groups = groupsOf(ip.split('%')[0]!.toLowerCase());
  if (!groups) return ip.toLowerCase(); // not an address (a forwarded header can say anything): counted as it is
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}, 10_000);

export function rateLimitKey(ip: string): string {
  return ip.includes(':') ? ipv6Key(ip) : ip;
}

/** The eight 16-bit groups of an IPv6 address (with '::' and a dotted IPv4 tail), or undefined. */
function groupsOf(address: string): number[] | undefined {
  let text = address;
  const v4 = /(?:^|:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return undefined;
    const start = v4.index + (v4[0].startsWith(':') ? 1 : 0);
    text = `${text.slice(0, start)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves[1] ? halves[1].split(':') : [];
  const gap = 8 - head.length - tail.length;
  if (halves.length === 1 ? gap !== 0 : gap < 1) return undefined;
  const parts = [...head, ...Array<string>(halves.length === 2 ? gap : 0).fill('0'), ...tail];
  if (!parts.every((p) => /^[0-9a-f]{1,4}$/.test(p))) return undefined;
  return parts.map((p) => parseInt(p, 16));
}
