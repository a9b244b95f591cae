/**
 * The one gate every outbound media request passes: the URL check (on the token's URL and on every
 * redirect hop) and the DNS check inside the connection itself (no time-of-check/time-of-use gap).
 *
 * Allowed: https on the default port to a host matching a MEDIA_HOSTS pattern (`*.cdninstagram.com`:
 * any subdomain; `host.example`: exactly that host), or an exact MEDIA_TEST_ORIGINS origin (http allowed
 * there, for the fake upstream). Refused: IP literals in any spelling, userinfo, other ports, trailing
 * dots, look-alikes, and names that resolve to a non-public address.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './address-policy.ts';

export class MediaUrlRefused extends Error {
  override readonly name = 'MediaUrlRefused';
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** DNS for the proxy; tests inject one so no real DNS is needed. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface MediaAllowList {
  /** The parsed URL when allowed; throws MediaUrlRefused otherwise. `base` resolves a redirect's Location. */
  check(input: string, base?: URL): URL;
  /** A net `lookup` that resolves, refuses non-public answers, and hands net only the checked addresses. */
  lookup(resolver: HostResolver): LookupFunction;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function createMediaAllowList(settings: { hosts: string[]; testOrigins: string[] }): MediaAllowList {
  const patterns = settings.hosts.map((h) => h.trim().toLowerCase()).filter(isUsablePattern);
  const testOrigins = new Set(settings.testOrigins.map((o) => new URL(o).origin));
  const testHostnames = new Set([...testOrigins].map((o) => new URL(o).hostname));

  function hostMatches(hostname: string): boolean {
    return patterns.some((p) => (p.startsWith('*.') ? hostname.endsWith(p.slice(1)) && hostname.length > p.length - 1 : hostname === p));
  }

  /** A test origin counts only when spelled exactly (no `0x7f.1` for `127.0.0.1`), or by a relative redirect on it. */
  function isTestOrigin(input: string, url: URL, base?: URL): boolean {
    if (!testOrigins.has(url.origin)) return false;
    if (SCHEME.test(input)) return input.startsWith(`${url.origin}/`) || input === url.origin;
    return base !== undefined && base.origin === url.origin;
  }

  function check(input: string, base?: URL): URL {
    let url: URL;
    try {
      url = new URL(input, base);
    } catch {
      throw new MediaUrlRefused('not a URL');
    }
    if (url.username || url.password) throw new MediaUrlRefused('credentials in URL');
    if (isTestOrigin(input, url, base)) return url;
    if (url.protocol !== 'https:') throw new MediaUrlRefused(`scheme ${url.protocol}`);
    if (url.port !== '') throw new MediaUrlRefused(`port ${url.port}`);
    const hostname = url.hostname;
    if (hostname.startsWith('[') || isIP(hostname)) throw new MediaUrlRefused('IP literal');
    if (hostname.endsWith('.') || hostname.length > 253) throw new MediaUrlRefused('malformed host');
    const labels = hostname.split('.');
    if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) {
      throw new MediaUrlRefused('malformed host');
    }
    if (!hostMatches(hostname)) throw new MediaUrlRefused('host not allowed');
    return url;
  }

  function lookup(resolver: HostResolver): LookupFunction {
    return (hostname, options, callback) => {
      const name = hostname.toLowerCase();
      // Test origins are named explicitly in config; everything else must be an allowed name with public answers.
      const trusted = testHostnames.has(name);
      const done = callback as (err: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;
      if (!trusted && !hostMatches(name)) {
        done(new MediaUrlRefused(`lookup of ${name} refused`), '', 0);
        return;
      }
      resolver(name).then(
        (found) => {
          const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
          if (found.length === 0 || wanted.length === 0) {
            done(Object.assign(new Error(`no address for ${name}`), { code: 'ENOTFOUND' }), '', 0);
            return;
          }
          // One non-public answer refuses the name: round-robin tricks cannot slip a private address in.
          if (!trusted && found.some((a) => !isPublicAddress(a.address))) {
            done(new MediaUrlRefused(`${name} resolves to a non-public address`), '', 0);
            return;
          }
          if (options.all) done(null, wanted);
          else done(null, wanted[0]!.address, wanted[0]!.family);
        },
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), '', 0),
      );
    };
  }

  return { check, lookup };
}

/** `*` alone or a bare TLD would allow far too much; patterns need a dot-separated suffix. */
function isUsablePattern(pattern: string): boolean {
  const suffix = pattern.startsWith('*.') ? pattern.slice(2) : pattern;
  return suffix.includes('.') && !suffix.includes('*') && suffix.split('.').every((l) => LABEL.test(l));
}
