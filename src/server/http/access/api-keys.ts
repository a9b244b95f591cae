/**
 * The API key file, in cobalt's format and under its variable (API_KEY_URL): a JSON object from UUID keys to
 * `{ name?, limit?: number | "unlimited", ips?: (IP | CIDR)[], userAgents?: wildcard[], allowedServices?: "all" |
 * service[] }`. Every file cobalt's validateKeys takes loads here as it is (imputnet/cobalt a636575,
 * api/src/security/api-keys.js, read 2026-11-27): a UUID of any version, lower or upper case; a name of any type;
 * a falsy field (a `limit` of 0, `ips: null`) as no field; a limit that is any number from 1 (2.5 lets 2 a minute
 * through, as cobalt's limiter does); empty `ips` or `userAgents`, which, as in cobalt, no address or user agent
 * matches. A file with any other mistake is refused whole, with a message that names the mistake but never a key.
 */
import { createHash } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { SERVICE_NAMES } from '../cobalt/services.ts';

export interface ApiKey {
  /** What metrics and logs say: the key's name as text (at most 64 characters), or `unnamed-` and the key's first 8 characters. */
  readonly name: string;
  /** The rate-limit identity: a hash of the key (Redis and the egress budget never hold the key itself). */
  readonly client: string;
  /** Lookups a minute; undefined: the address's own limit (RATE_LIMIT_RESOLVE_PER_MIN). */
  readonly limit?: number | 'unlimited';
  readonly ips?: BlockList;
  readonly userAgents?: readonly RegExp[];
  /** The services (cobalt's names) whose links the key may look up; undefined: all. */
  readonly allowedServices?: ReadonlySet<string>;
}

export type KeyTable = ReadonlyMap<string, ApiKey>;

/** A UUID of any version, as cobalt's UUID_REGEX (which takes lower case only; upper case is taken here too). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FIELDS = new Set(['name', 'limit', 'ips', 'userAgents', 'allowedServices']);
const NAME_LENGTH = 64;

export class KeyFileError extends Error {}

const wildcard = (rule: string) => new RegExp(`^${rule.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('.*')}$`);

function blockListOf(ips: unknown, at: string): BlockList {
  if (!Array.isArray(ips)) throw new KeyFileError(`${at}: "ips" must be a list of addresses or CIDR ranges`);
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

/** A name of any type as the text metrics and logs show (they escape it), or undefined for none. */
function nameOf(name: unknown): string | undefined {
  if (name === undefined || name === null || name === '') return undefined;
  const text = typeof name === 'string' ? name : JSON.stringify(name);
  return [...text].slice(0, NAME_LENGTH).join('');
}

function servicesOf(allowed: unknown, at: string): ReadonlySet<string> | undefined {
  if (allowed === 'all') return undefined;
  if (!Array.isArray(allowed)) throw new KeyFileError(`${at}: "allowedServices" must be "all" or a list of services`);
  const unknown = allowed.find((service) => typeof service !== 'string' || !SERVICE_NAMES.has(service));
  if (unknown !== undefined) throw new KeyFileError(`${at}: "allowedServices" holds ${JSON.stringify(unknown)}, which is not a service`);
  return new Set(allowed as string[]);
}

function keyOf(id: string, details: unknown, index: number): ApiKey {
  const at = `key #${index + 1}`;
  if (typeof details !== 'object' || details === null) throw new KeyFileError(`${at}: its details must be an object`);
  const d = details as Record<string, unknown>;
  const unknown = Object.keys(d).find((field) => !FIELDS.has(field));
  if (unknown) throw new KeyFileError(`${at}: unknown field "${unknown}"`);
  // cobalt reads each field only when it is truthy: a falsy one is no field.
  if (d.limit && d.limit !== 'unlimited' && !(typeof d.limit === 'number' && d.limit >= 1)) {
    throw new KeyFileError(`${at}: "limit" must be a number of lookups a minute (1 or more) or "unlimited"`);
  }
  if (d.userAgents && (!Array.isArray(d.userAgents) || !d.userAgents.every((ua) => typeof ua === 'string'))) {
    throw new KeyFileError(`${at}: "userAgents" must be a list of strings (* is a wildcard)`);
  }
  const name = nameOf(d.name);
  const allowedServices = d.allowedServices ? servicesOf(d.allowedServices, at) : undefined;
  return {
    name: name ?? `unnamed-${id.slice(0, 8)}`,
    client: `key:${createHash('sha256').update(id).digest('base64url').slice(0, 22)}`,
    ...(d.limit ? { limit: d.limit as number | 'unlimited' } : {}),
    ...(d.ips ? { ips: blockListOf(d.ips, at) } : {}),
    ...(d.userAgents ? { userAgents: (d.userAgents as string[]).map(wildcard) } : {}),
    ...(allowedServices ? { allowedServices } : {}),
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
  // cobalt takes any object; a list has index keys, which are no UUIDs, so only an empty one loads (no keys).
  if (typeof json !== 'object' || json === null) throw new KeyFileError('the key file must hold one JSON object');
  const table = new Map<string, ApiKey>();
  Object.entries(json).forEach(([id, details], index) => {
    if (!UUID.test(id)) throw new KeyFileError(`key #${index + 1} is not a UUID`);
    table.set(id.toLowerCase(), keyOf(id.toLowerCase(), details, index));
  });
  return table;
}
