import { describe, expect, it } from 'vitest';
import { issueToken, tokenChecker } from './session-token.ts';

const secret = Buffer.from('a secret of this test, not of any instance');

describe('session tokens', () => {
  it('two solves from one address in one second earn two tokens (under flood each pays for one lookup)', () => {
    const now = Date.UTC(2026, 10, 27, 12, 0, 0);
    const one = issueToken(secret, '198.51.100.7', now);
    const two = issueToken(secret, '198.51.100.7', now);
    expect(one.exp).toBe(two.exp);
    expect(one.token).not.toBe(two.token);
    const valid = tokenChecker(secret);
    expect([valid(one.token, '198.51.100.7', now), valid(two.token, '198.51.100.7', now)]).toEqual([true, true]);
  });

  it('is good for its own address until it ends, and for nothing tampered', () => {
    const now = Date.UTC(2026, 10, 27, 12, 0, 0);
    const { token, exp } = issueToken(secret, '198.51.100.7', now);
    const valid = tokenChecker(secret);
    expect(valid(token, '198.51.100.8', now)).toBe(false);
    expect(valid(token, '198.51.100.7', exp * 1000 + 1000)).toBe(false);
    expect(valid(`${token}x`, '198.51.100.7', now)).toBe(false);
  });
});
