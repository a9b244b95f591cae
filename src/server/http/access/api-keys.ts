/**
 * The API key file, in cobalt's format and under its variable (API_KEY_URL; read 2026-11-26 from imputnet/cobalt
 * a636575, api/src/security/api-keys.js and docs/protect-an-instance.md): a JSON object from UUID v4 keys to
 * `{ name?, limit?: number | "unlimited", ips?: (IP | CIDR)[], userAgents?: wildcard[] }`. cobalt's
 * `allowedServices` is accepted and ignored (one service here), so a cobalt operator's file loads as it is. A file
 * with any mistake is refused whole, with a message that names the mistake but never a key.
 */
import { createHash } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

export interface ApiKey {
  /** What metrics and logs say: the key's name, or `unnamed-` and the key's first 8 characters. */
  readonly name: string;
  /** The rate-limit identity: a hash of the key (Redis and the egress budget never hold the key itself). */
  readonly client: string;
  /** Lookups a minute; undefined: the address's own limit (RATE_LIMIT_RESOLVE_PER_MIN). */
  readonly limit?: number | 'unlimited';
  readonly ips?: BlockList;
  readonly userAgents?: readonly RegExp[];
}

export type KeyTable = ReadonlyMap<string, ApiKey>;

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const FIELDS = new Set(['name', 'limit', 'ips', 'userAgents', 'allowedServices']);

export class KeyFileError extends Error {}

const wildcard = (rule: string) => new RegExp(`^${rule.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('.*')}$`);

function blockListOf(ips: unknown, at: string): BlockList {
  if (!Array.isArray(ips) || ips.length === 0) throw new KeyFileError(`${at}: "ips" must be a non-empty list of addresses or CIDR ranges`);
  const list = new BlockList();
  for (const entry of ips) {
    const [address = '', prefix, extra] = typeof entry === 'string' ? entry.split('/') : [];
    const family = isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    if (!family || extra !== undefined || !/^\d*$/.test(prefix ?? '') || bits < 0 || bits > (family === 6 ? 128 : 32)) {
      throw new KeyFileError(`${at}: "ips" holds ${JSON.stringify(entry)}, which is neither an address nor a CIDR range`);
    }
    list.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

function keyOf(id: string, details: unknown, index: number): ApiKey {
  const at = `key #${index + 1}`;
  if (typeof details !== 'object' || details === null || Array.isArray(details)) throw new KeyFileError(`${at}: its details must be an object`);
  const d = details as Record<string, unknown>;
  const unknown = Object.keys(d).find((field) => !FIELDS.has(field));
  if (unknown) throw new KeyFileError(`${at}: unknown field "${unknown}"`);
  if (d.name !== undefined && (typeof d.name !== 'string' || !/^[\w.:@-]{1,64}$/.test(d.name))) {
    throw new KeyFileError(`${at}: "name" must be 1 to 64 letters, digits or ._:@-`);
  }
  if (d.limit !== undefined && d.limit !== 'unlimited' && !(Number.isInteger(d.limit) && (d.limit as number) >= 1)) {
    throw new KeyFileError(`${at}: "limit" must be a whole number of lookups a minute (1 or more) or "unlimited"`);
  }
  if (d.userAgents !== undefined && (!Array.isArray(d.userAgents) || d.userAgents.length === 0 || !d.userAgents.every((ua) => typeof ua === 'string'))) {
    throw new KeyFileError(`${at}: "userAgents" must be a non-empty list of strings (* is a wildcard)`);
  }
  return {
    name: (d.name as string | undefined) ?? `unnamed-${id.slice(0, 8)}`,
    client: `key:${createHash('sha256').update(id).digest('base64url').slice(0, 22)}`,
    ...(d.limit !== undefined ? { limit: d.limit as number | 'unlimited' } : {}),
    ...(d.ips !== undefined ? { ips: blockListOf(d.ips, at) } : {}),
    ...(d.userAgents !== undefined ? { userAgents: (d.userAgents as string[]).map(wildcard) } : {}),
  };
}

/** The file's text → its keys (lower-cased, as cobalt matches them); throws KeyFileError. */
export function parseKeyFile(text: string): KeyTable {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KeyFileError('the key file is not valid JSON');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new KeyFileError('the key file must hold one JSON object');
  const table = new Map<string, ApiKey>();
  Object.entries(json).forEach(([id, details], index) => {
    if (!UUID_V4.test(id)) throw new KeyFileError(`key #${index + 1} is not a UUID v4`);
    table.set(id.toLowerCase(), keyOf(id.toLowerCase(), details, index));
  });
  return table;
}
