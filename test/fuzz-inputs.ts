/**
 * Malformed requests for test/fuzz.test.ts, from a seeded PRNG (the same seed gives the same run).
 * Each case is either a request an HTTP library can send (method, path, headers, body bytes) or raw
 * bytes for a socket (broken request lines and header blocks no library would produce).
 */

export type Rng = () => number;

/** mulberry32: small, fast, good enough to spread cases; deterministic per seed. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type FuzzCase =
  | { kind: 'http'; method: string; path: string; headers: Record<string, string>; body?: Buffer }
  | { kind: 'raw'; bytes: Buffer };

const int = (rng: Rng, n: number) => Math.floor(rng() * n);
const pick = <T>(rng: Rng, list: readonly T[]): T => list[int(rng, list.length)]!;

function randomBytes(rng: Rng, n: number): Buffer {
  const out = Buffer.alloc(n);
  for (let i = 0; i < n; i++) out[i] = int(rng, 256);
  return out;
}

function randomText(rng: Rng, n: number): string {
  const pieces = ['a', 'Z', '0', ' ', '/', '%', '%00', '%ZZ', '\u0000', '\u0007', '\u001b[31m', '\n', '\r\n', '\t', '\ud800', '\udfff', '\ufeff',
    '\u202e', 'é', '漢', '🦄', '"', "'", '\\', '<script>', '{', '}', '[', ']', '..', '@', '#', '?', '&', '=', '__proto__', 'constructor'];
  let s = '';
  while (s.length < n) s += pick(rng, pieces);
  return s;
}

const HOSTILE_URLS = [
  'javascript:alert(1)', 'file:///etc/passwd', 'http://127.0.0.1:22/', 'http://169.254.169.254/latest/meta-data/',
  'https://instagram.com.evil.example/p/abc/', 'https://evil.example/?u=https://www.instagram.com/p/abc/',
  'https://www.instagram.com@evil.example/p/abc/', 'https://www.instagram.com/p/%2e%2e%2f%2e%2e%2fetc/',
  'https://www.instagram.com/p/' + 'A'.repeat(5000) + '/', 'https://www.instagram.com/p/B866lKJgReK/?x=\u0000',
  'https://www.instagram.com/stories/' + '.'.repeat(40) + '/', 'https://www.instagram.com/share/' + '_'.repeat(80),
  'https://xn--nstagram-u0a.com/p/abc/', 'https://www.instagram.com:99999/p/abc/', 'ftp://www.instagram.com/p/abc/',
  'https://www.instagram.com/p/B866lKJgReK/', 'https://www.instagram.com/reel/CDmDQNtlRYt/', 'instagram',
  'https://www.instagram.com/stories/highlights/17890000000000001/', 'https://www.instagram.com/instagram/', '@', '',
];

function nested(rng: Rng, depth: number): string {
  const open = rng() < 0.5 ? '[' : '{"a":';
  const close = open === '[' ? ']' : '}';
  return open.repeat(depth) + '1' + close.repeat(depth);
}

/** A JSON-ish body: valid-but-wrong values, broken syntax, deep nesting, huge or hostile strings. */
function jsonishBody(rng: Rng, fields: readonly string[]): string {
  const value = (): unknown =>
    pick(rng, [
      () => pick(rng, HOSTILE_URLS),
      () => randomText(rng, int(rng, 200)),
      () => 'x'.repeat(int(rng, 80_000)),
      () => int(rng, 1e9) - 5e8,
      () => null,
      () => true,
      () => [pick(rng, HOSTILE_URLS)],
      () => ({ url: pick(rng, HOSTILE_URLS) }),
      () => Array.from({ length: int(rng, 30) }, () => ({ url: pick(rng, HOSTILE_URLS), tool: randomText(rng, 6), reason: randomText(rng, 40) })),
      () => 1e308 * 10,
    ])();
  const form = int(rng, 8);
  if (form === 0) return nested(rng, 1 + int(rng, 20_000));
  if (form === 1) return JSON.stringify(value());
  if (form === 2) return JSON.stringify(Object.fromEntries(fields.map((f) => [f, value()]))).slice(0, int(rng, 200));
  if (form === 3) return `{"${pick(rng, fields)}": "\\ud800\\u0000${randomText(rng, 20).replace(/["\\]/g, '')}"}`;
  if (form === 4) return `{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}, "url": ${JSON.stringify(pick(rng, HOSTILE_URLS))}}`;
  const obj: Record<string, unknown> = {};
  for (const f of fields) if (rng() < 0.7) obj[f] = value();
  if (rng() < 0.2) obj[randomText(rng, 10)] = value();
  return JSON.stringify(obj);
}

const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/octet-stream', '', 'application/json;;;', 'x/y'];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'MKCOL', 'FOO'];
const TOKEN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.%~!$&()*+,;=:@';

/** Percent-encode bytes (lone surrogates included, as their raw CESU-8 bytes: invalid UTF-8 on purpose). */
function percentEncode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const bytes = code >= 0xd800 && code <= 0xdfff ? Buffer.from([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]) : Buffer.from(ch);
    for (const b of bytes) out += /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`;
  }
  return out;
}

function junkToken(rng: Rng, validTokens: readonly string[]): string {
  const form = int(rng, 8);
  if (form === 6 && validTokens.length > 0) {
    // The same signature spelled with other spare bits in its last character (must be refused).
    const t = pick(rng, validTokens);
    const last = TOKEN_CHARS.indexOf(t.at(-1)!);
    return t.slice(0, -1) + TOKEN_CHARS[(last & ~3) | (1 + int(rng, 3))];
  }
  if (form === 7) return `${'A'.repeat(16_385 + int(rng, 3000))}.${'A'.repeat(43)}`; // longer than any token: 414
  if (form === 0 && validTokens.length > 0) {
    const t = pick(rng, validTokens);
    return t.slice(0, int(rng, t.length)); // truncated
  }
  if (form === 1 && validTokens.length > 0) {
    const t = Buffer.from(pick(rng, validTokens));
    t[int(rng, t.length)] = TOKEN_CHARS.charCodeAt(int(rng, 64)); // one character flipped
    return t.toString();
  }
  if (form === 2) return percentEncode(randomText(rng, int(rng, 300)));
  if (form === 3) return `${Buffer.from(JSON.stringify({ t: 'm', u: pick(rng, HOSTILE_URLS), e: 9e15 })).toString('base64url')}.${'A'.repeat(43)}`;
  let s = '';
  for (let i = int(rng, 600); i > 0; i--) s += TOKEN_CHARS[int(rng, TOKEN_CHARS.length)];
  return s;
}

function junkHeaders(rng: Rng): Record<string, string> {
  const headers: Record<string, string> = {};
  const options: [string, () => string][] = [
    ['range', () => pick(rng, ['bytes=0-', 'bytes=-0', 'bytes=99999999999-1', 'bytes=5-2', 'bytes=0-1,2-3', 'items=1-2', 'bytes=abc'])],
    ['if-range', () => randomText(rng, 30).replace(/[^\x20-\x7e]/g, '')],
    ['if-none-match', () => '"' + 'x'.repeat(int(rng, 3000)) + '"'],
    ['accept-encoding', () => pick(rng, ['gzip', 'br;q=2', '*;q=0', 'identity;q=0', 'x'.repeat(500)])],
    ['x-forwarded-for', () => pick(rng, ['1.2.3.4', '::1', 'unknown', '1.1.1.1, 2.2.2.2', '999.999.1.1', 'x'.repeat(300)])],
    ['cookie', () => 'sessionid=' + 'c'.repeat(int(rng, 4000))],
    ['x-request-id', () => randomText(rng, int(rng, 300)).replace(/[^\x20-\x7e]/g, '')],
    ['accept', () => pick(rng, ['*/*', 'text/html', 'application/json', ''])],
    ['origin', () => pick(rng, ['null', 'https://evil.example', 'x'])],
  ];
  for (const [name, make] of options) if (rng() < 0.2) headers[name] = make();
  return headers;
}

/** Bytes no HTTP library would send: broken request lines, bad header blocks, smuggling attempts. */
function rawCase(rng: Rng): Buffer {
  const path = pick(rng, ['/api/v1/resolve', '/api/v1/media/x.y', '/api/v1/zip/x.y', '/api/v1/contact', '/']);
  const forms = [
    () => randomBytes(rng, 1 + int(rng, 2000)),
    () => Buffer.from(`${pick(rng, METHODS)} ${path} HTTP/1.1\r\nHost: x\r\n${randomText(rng, 50)}: ${randomText(rng, 50)}\r\n\r\n`),
    () => Buffer.from(`GET ${path}${randomText(rng, 40)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    () => Buffer.from(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`),
    () => Buffer.from(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n`),
    () => Buffer.from(`POST ${path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`),
    () => Buffer.from(`GET ${path} HTTP/9.9\r\nHost: x\r\n\r\n`),
    () => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n`),
    () => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-Long: ${'y'.repeat(30_000)}\r\n\r\n`),
    () => Buffer.concat([Buffer.from(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n`), randomBytes(rng, 40)]),
  ];
  return pick(rng, forms)();
}

/** Paths for the site's redirect rules: open-redirect spellings, control and non-Latin-1 characters. */
export const HOSTILE_SITE_PATHS = [
  '//evil.com/', '//evil.com', '///evil.com/', '/en//evil.com', '/en//evil.com/', '/fr//evil.com/', '/%2f%2fevil.com/', '/%2F%2Fevil.com',
  '/%5cevil.com/', '/%5c%5cevil.com/', '/%5C/evil.com/', '/en/%2fevil.com/', '/en/%5cevil.com', '/%09/evil.com/', '/https:%2f%2fevil.com/',
  '/%E4%B8%AD/', '/%0a/', '/%0d%0aSet-Cookie:%20x=1/', '/%7f/', '/%00/', '/%ff/', '/%C3%A9t%C3%A9/', '/fr/%E4%B8%AD/', '/en/%E2%80%AE/',
  '/reels/?next=//evil.com', '/%2e%2e/%2e%2e/etc/passwd/', '/en/', '/en', '/fr/',
];

export function hostileSitePath(rng: Rng): string {
  if (rng() < 0.5) return pick(rng, HOSTILE_SITE_PATHS);
  return `/${percentEncode(randomText(rng, 1 + int(rng, 40)))}${rng() < 0.5 ? '/' : ''}`;
}

export const FUZZ_TARGETS = ['resolve', 'media', 'zip', 'contact', 'batch'] as const;

export function fuzzCase(rng: Rng, validTokens: { media: string[]; zip: string[] }): FuzzCase {
  if (rng() < 0.08) return { kind: 'raw', bytes: rawCase(rng) };
  const target = pick(rng, FUZZ_TARGETS);
  const headers = junkHeaders(rng);
  if (target === 'media' || target === 'zip') {
    const tokens = validTokens[target];
    const valid = rng() < 0.02 && tokens.length > 0;
    const token = valid ? pick(rng, tokens) : junkToken(rng, tokens);
    const query = rng() < 0.3 ? `?download=${percentEncode(randomText(rng, 5))}` : '';
    const method = rng() < 0.8 ? pick(rng, ['GET', 'HEAD']) : pick(rng, METHODS);
    return { kind: 'http', method, path: `/api/v1/${target}/${token}${query}`, headers };
  }
  const path = `/api/v1/${target}`;
  const method = rng() < 0.85 ? 'POST' : pick(rng, METHODS);
  const contentType = rng() < 0.7 ? 'application/json' : pick(rng, CONTENT_TYPES);
  if (contentType) headers['content-type'] = contentType;
  const fields = target === 'resolve' ? ['url', 'tool'] : target === 'batch' ? ['links', 'failed'] : ['name', 'email', 'message', 'website', 'elapsedMs', 'lang'];
  const body = rng() < 0.15 ? randomBytes(rng, int(rng, 3000)) : Buffer.from(jsonishBody(rng, fields));
  return { kind: 'http', method, path, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body };
}
