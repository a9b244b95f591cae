/**
 * The short-lived token a solved challenge earns (`POST /api/v1/session` → `{ token, exp }`, sent back as
 * `Authorization: Bearer <token>`): an HMAC-signed `{ a, e }`, where `a` is a keyed hash of the address it was earned
 * from (the token says nothing about the address to whoever reads it) and `e` its end in epoch seconds. Like
 * cobalt's session JWT (read 2026-11-26, imputnet/cobalt a636575 api/src/security/jwt.js), bound to the address;
 * unlike it, `exp` is the epoch second it ends.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TOKEN_LIFETIME_SECONDS = 300;

const addressHash = (secret: Buffer, client: string) => createHmac('sha256', secret).update(`address:${client}`).digest('base64url').slice(0, 16);
const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(`token:${payload}`).digest('base64url');

export function issueToken(secret: Buffer, client: string, now = Date.now()): { token: string; exp: number } {
  const exp = Math.floor(now / 1000) + TOKEN_LIFETIME_SECONDS;
  const payload = Buffer.from(JSON.stringify({ a: addressHash(secret, client), e: exp })).toString('base64url');
  return { token: `${payload}.${mac(secret, payload)}`, exp };
}

export function tokenValid(secret: Buffer, token: string, client: string, now = Date.now()): boolean {
  if (token.length > 200) return false;
  const [payload = '', signature = '', extra] = token.split('.');
  if (extra !== undefined) return false;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const { a, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a?: unknown; e?: unknown };
    return a === addressHash(secret, client) && typeof e === 'number' && e >= now / 1000;
  } catch {
    return false;
  }
}
