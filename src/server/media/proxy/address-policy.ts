/**
 * Which IP addresses the media proxy may connect to: public unicast only. Private, loopback, link-local,
 * unique-local, CGNAT, documentation, benchmarking, multicast and reserved ranges are refused, in both
 * families, including IPv4 carried inside IPv6 (mapped, compatible, NAT64, 6to4, Teredo).
 */
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
const V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved + broadcast
];
for (const [address, prefix] of V4) blocked.addSubnet(address, prefix, 'ipv4');
const V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation (RFC 8215): reaches private networks
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];
for (const [address, prefix] of V6) blocked.addSubnet(address, prefix, 'ipv6');

/** The IPv4 address embedded in an IPv6 one by a translation scheme, if any. */
function embeddedIPv4(v6: string): string | undefined {
  const words = expandIPv6(v6);
  if (!words) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zero(0, 5) && words[5] === 0xffff) return v4(words[6]!, words[7]!); // ::ffff:a.b.c.d mapped
  if (words[0] === 0x64 && words[1] === 0xff9b && zero(2, 6)) return v4(words[6]!, words[7]!); // NAT64 64:ff9b::/96
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!); // 6to4
  if (words[0] === 0x2001 && words[1] === 0) return v4(words[6]! ^ 0xffff, words[7]! ^ 0xffff); // Teredo client
  return undefined;
}

/** Eight 16-bit words of an IPv6 address (handles `::` and a dotted IPv4 tail), or undefined. */
export function expandIPv6(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = text.slice(0, -dotted[1]!.length) + `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headWords = head ? head.split(':') : [];
  const tailWords = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array<string>(8 - headWords.length - tailWords.length).fill('0');
  const words = [...headWords, ...fill, ...tailWords].map((w) => parseInt(w, 16));
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : undefined;
}

/**
 * ::ffff:0:0/96, IPv4-mapped: a DNS answer never needs one, so it is refused whatever IPv4 it carries. Checked
 * here rather than in the BlockList, which applies an IPv4-mapped subnet to every plain IPv4 address too.
 */
function isIPv4Mapped(v6: string): boolean {
  const words = expandIPv6(v6);
  return words !== undefined && words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff;
}

/** True only for a syntactically valid, public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  if (blocked.check(address, 'ipv6') || isIPv4Mapped(address)) return false;
  const inner = embeddedIPv4(address);
  return inner === undefined || !blocked.check(inner, 'ipv4');
}
