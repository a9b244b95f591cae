/**
 * Which key a request brings (`Authorization: Api-Key <uuid>`, as cobalt reads it) and whether it may use it here:
 * an unknown or malformed key is `unauthorized`, a key used from an address or user agent it does not allow is
 * `forbidden`. A request without the Api-Key scheme brings no key; the scheme alone is a malformed key.
 */
import { isIPv6 } from 'node:net';
import { UUID, type ApiKey, type KeyTable } from './api-keys.ts';

export type KeyMatch = { status: 'none' } | { status: 'ok'; key: ApiKey } | { status: 'unauthorized' | 'forbidden'; reason: string };

export const NO_KEY: KeyMatch = { status: 'none' };
/** The Api-Key scheme, with its key or bare: cobalt (its `split(' ', 2)`) reads a bare `Api-Key` as an invalid key, not none. */
const SCHEME = /^api-key(?: |$)/i;

/** An IPv4-mapped IPv6 address (what a dual-stack socket reports for an IPv4 client) as the IPv4 address. */
const plainAddress = (ip: string) => (ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip);

export function matchKey(keys: KeyTable, authorization: string | undefined, ip: string, userAgent: string | undefined): KeyMatch {
  if (authorization === undefined || !SCHEME.test(authorization)) return NO_KEY;
  const id = authorization.slice(8);
  if (!UUID.test(id)) return { status: 'unauthorized', reason: 'The API key is malformed: send Authorization: Api-Key <UUID>.' };
  const key = keys.get(id.toLowerCase());
  if (!key) return { status: 'unauthorized', reason: 'This API key is not known here.' };
  if (key.ips) {
    const address = plainAddress(ip);
    if (!key.ips.check(address, isIPv6(address) ? 'ipv6' : 'ipv4')) return { status: 'forbidden', reason: 'This API key may not be used from this address.' };
  }
  if (key.userAgents && !key.userAgents.some((ua) => ua.test(userAgent ?? ''))) {
    return { status: 'forbidden', reason: 'This API key may not be used by this user agent.' };
  }
  return { status: 'ok', key };
}
