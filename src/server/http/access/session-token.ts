/**
 * The short-lived token a solved challenge earns (`POST /api/v1/session` → `{ token, exp }`, sent back as
 * `Authorization: Bearer <token>`): an HMAC-signed `{ a, e, n }`, where `a` is a keyed hash of the address it was earned
 * from (the token says nothing about the address to whoever reads it), `e` its end in epoch seconds and `n` a nonce. Like
 * cobalt's session JWT (read 2026-11-26, imputnet/cobalt a636575 api/src/security/jwt.js), bound to the address;
 * unlike it, `exp` is the epoch second it ends.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { memoized } from '../memo.ts';

export const TOKEN_LIFETIME_SECONDS = 300;

const addressHash = (secret: Buffer, client: string) => createHmac('sha256', secret).update(`address:${client}`).digest('base64url').slice(0, 16);
const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(`token:${payload}`).digest('base64url');

export function issueToken(secret: Buffer, client: string, now = Date.now()): { token: string; exp: number } {
  const exp = Math.floor(now / 1000) + TOKEN_LIFETIME_SECONDS;
  // n makes each token its own: two solves from one address in one second earned the same token, and under flood a
  // token pays for one lookup (gate.ts), so the second solve was refused as already spent.
  const payload = Buffer.from(JSON.stringify({ a: addressHash(secret, client), e: exp, n: randomBytes(6).toString('base64url') })).toString('base64url');
  return { token: `${payload}.${mac(secret, payload)}`, exp };
}

/** What a genuine token says (its address hash and end), or null for anything else. */
function readToken(secret: Buffer, token: string): { a: string; e: number } | null {
  if (token.length > 200) return null;
  const [payload = '', signature = '', extra] = token.split('.');
  if (extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { a, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a?: unknown; e?: unknown };
    return typeof a === 'string' && typeof e === 'number' ? { a, e } : null;
  } catch {
    return null;
  }
}

/**
 * Whether a token is good now for `client`. A visitor sends the same token with every lookup for five minutes:
 * its reading (two HMACs and a JSON parse) and its address's hash are remembered, not worked out per request.
 */
export function tokenChecker(secret: Buffer): (token: string, client: string, now?: number) => boolean {
  const read = memoized((token) => readToken(secret, token), 10_000);
  const hashOf = memoized((client) => addressHash(secret, client), 10_000);
  return (token, client, now = Date.now()) => {
    const known = read(token);
    return known !== null && known.e >= now / 1000 && known.a === hashOf(client);
  };
}
