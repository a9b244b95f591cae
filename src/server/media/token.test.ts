import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.ts';
import { cdnExpiry } from '../extract/cdn-expiry.ts';
import { MAX_TOKEN_LENGTH, MAX_TOKEN_LIFETIME_SECONDS, signMediaToken, tokenExpiry, verifyMediaToken, type MediaTokenPayload } from './token.ts';

const SECRET = 'secret-0123456789-abcdefghijklmnopqrstuv';
const NOW = 1_750_000_000;
const single: MediaTokenPayload = { t: 'm', k: 'video', u: 'https://scontent.cdninstagram.com/v/x.mp4?oe=6850B2C4', f: 'a.mp4', e: NOW + 60 };

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof ApiError ? `${err.code}/${err.status}` : 'other';
  }
}

describe('media tokens', () => {
  it('round-trips single and zip payloads', () => {
    expect(verifyMediaToken(SECRET, signMediaToken(SECRET, single), NOW)).toEqual(single);
    const zip: MediaTokenPayload = { t: 'z', n: 'x.zip', e: NOW + 60, i: [{ u: single.u, f: '01-a.mp4' }] };
    expect(verifyMediaToken(SECRET, signMediaToken(SECRET, zip), NOW)).toEqual(zip);
  });

  it('deflates only a body past 8 KB (a 20-item ZIP of long URLs), which then fits the token limit', () => {
    const items = Array.from({ length: 20 }, (_, n) => ({ u: `${single.u}&n=${n}&_nc_vs=${'HBksFQIYUmlnX3hwdl9yZWVsc19'.repeat(25)}${n}`, f: `${n}-a.mp4` }));
    const zip: MediaTokenPayload = { t: 'z', n: 'x.zip', e: NOW + 60, i: items };
    const big = signMediaToken(SECRET, zip);
    expect(big.startsWith('_')).toBe(true);
    expect(big.length).toBeLessThan(MAX_TOKEN_LENGTH);
    expect(verifyMediaToken(SECRET, big, NOW)).toEqual(zip);
    expect(signMediaToken(SECRET, single).startsWith('eyJ')).toBe(true);
    const [body, sig] = big.split('.') as [string, string];
    expect(codeOf(() => verifyMediaToken(SECRET, `_${body.slice(2)}.${sig}`, NOW))).toBe('bad_request/400');
  });

  it('refuses forged, tampered, truncated and malformed tokens as bad_request', () => {
    const token = signMediaToken(SECRET, single);
    const [body, mac] = token.split('.') as [string, string];
    const forgedBody = Buffer.from(JSON.stringify({ ...single, u: 'https://evil.test/x' })).toString('base64url');
    for (const bad of [
      signMediaToken('another-secret-0123456789-abcdefghijklmn', single),
      `${forgedBody}.${mac}`,
      `${body}.${mac.slice(0, -1)}`,
      `${body.slice(1)}.${mac}`,
      body,
      `.${mac}`,
      `${body}.${mac}.x`,
      `${body}=.${mac}`,
      'x'.repeat(20_000),
      signMediaToken(SECRET, { ...single, k: 'other' } as unknown as MediaTokenPayload),
    ]) {
      expect(codeOf(() => verifyMediaToken(SECRET, bad, NOW)), bad.slice(0, 40)).toBe('bad_request/400');
    }
  });

  it('accepts exactly one spelling of a signature (no padding-bit variants)', () => {
    const token = signMediaToken(SECRET, single);
    const [body, mac] = token.split('.') as [string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(mac.at(-1)!);
    // The same 32 bytes, spelled with each other value of the last character's 2 spare bits.
    const variants = [1, 2, 3].map((spare) => `${body}.${mac.slice(0, -1)}${alphabet[(last & ~3) | spare]}`);
    for (const variant of variants) {
      expect(Buffer.from(variant.split('.')[1]!, 'base64url').equals(Buffer.from(mac, 'base64url'))).toBe(true);
      expect(codeOf(() => verifyMediaToken(SECRET, variant, NOW))).toBe('bad_request/400');
    }
    expect(verifyMediaToken(SECRET, token, NOW)).toEqual(single);
  });

  it('refuses a validly signed token whose expiry is beyond the cap', () => {
    const far = signMediaToken(SECRET, { ...single, e: NOW + MAX_TOKEN_LIFETIME_SECONDS + 3600 });
    expect(codeOf(() => verifyMediaToken(SECRET, far, NOW))).toBe('bad_request/400');
    const atCap = signMediaToken(SECRET, { ...single, e: NOW + MAX_TOKEN_LIFETIME_SECONDS });
    expect(verifyMediaToken(SECRET, atCap, NOW).e).toBe(NOW + MAX_TOKEN_LIFETIME_SECONDS);
  });

  it('refuses an expired token as expired/410', () => {
    expect(codeOf(() => verifyMediaToken(SECRET, signMediaToken(SECRET, { ...single, e: NOW - 1 }), NOW))).toBe('expired/410');
  });

  it('takes expiry from the CDN oe parameter, capped', () => {
    expect(cdnExpiry('https://x.cdninstagram.com/a.jpg?oe=6850B2C4')).toBe(0x6850b2c4);
    expect(cdnExpiry('https://x.cdninstagram.com/a.jpg')).toBeUndefined();
    expect(cdnExpiry('https://x.cdninstagram.com/a.jpg?oe=zz')).toBeUndefined();
    expect(tokenExpiry([`https://a/x?oe=${(NOW + 100).toString(16)}`, `https://a/y?oe=${(NOW + 50).toString(16)}`], NOW)).toBe(NOW + 50);
    expect(tokenExpiry([`https://a/x?oe=${(NOW + 10 ** 7).toString(16)}`], NOW)).toBe(NOW + MAX_TOKEN_LIFETIME_SECONDS);
  });
});
