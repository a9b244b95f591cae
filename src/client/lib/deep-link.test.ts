import { describe, expect, it } from 'vitest';
import { sharedLinkFrom } from './deep-link.ts';

describe('sharedLinkFrom', () => {
  it('takes ?url= as given', () => {
    expect(sharedLinkFrom('?url=https%3A%2F%2Fwww.instagram.com%2Fp%2FABC%2F')).toBe('https://www.instagram.com/p/ABC/');
    expect(sharedLinkFrom('?url=natgeo')).toBe('natgeo');
  });
  it('takes cobalt’s ?u= as ?url=', () => {
    expect(sharedLinkFrom('?u=https%3A%2F%2Fwww.instagram.com%2Fp%2FABC%2F')).toBe('https://www.instagram.com/p/ABC/');
    expect(sharedLinkFrom('?url=natgeo&u=other')).toBe('natgeo');
  });
  it('finds the link inside shared text or title', () => {
    expect(sharedLinkFrom('?title=Look&text=' + encodeURIComponent('Check this out! https://www.instagram.com/reel/XYZ/?igsh=abc.'))).toBe(
      'https://www.instagram.com/reel/XYZ/?igsh=abc',
    );
    expect(sharedLinkFrom('?title=' + encodeURIComponent('instagram.com/p/Q1 via app'))).toBe('instagram.com/p/Q1');
  });
  it('returns null when nothing was shared', () => {
    expect(sharedLinkFrom('')).toBeNull();
    expect(sharedLinkFrom('?url=%20&text=hello')).toBeNull();
    expect(sharedLinkFrom('?lng=fr')).toBeNull();
  });
});
