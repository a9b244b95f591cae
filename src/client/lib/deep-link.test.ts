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
  it('finds a Threads link inside shared text too (issue 40), the first link of either service winning', () => {
    expect(sharedLinkFrom('?text=' + encodeURIComponent('Look at this https://www.threads.com/@zuck/post/CzecNnZPaxr?xmt=AQGz1abc!'))).toBe(
      'https://www.threads.com/@zuck/post/CzecNnZPaxr?xmt=AQGz1abc',
    );
    expect(sharedLinkFrom('?text=' + encodeURIComponent('threads.net/t/C6cqebdCfBi, and instagram.com/p/Q1'))).toBe('threads.net/t/C6cqebdCfBi');
    expect(sharedLinkFrom('?text=' + encodeURIComponent('instagram.com/p/Q1 then https://www.threads.com/@a/post/B'))).toBe('instagram.com/p/Q1');
    expect(sharedLinkFrom('?text=' + encodeURIComponent('from the app barcelona://media?shortcode=C6cqebdCfBi'))).toBe('barcelona://media?shortcode=C6cqebdCfBi');
    expect(sharedLinkFrom('?text=' + encodeURIComponent('see https://example.com/threads.com'))).toBeNull();
  });
  it('returns null when nothing was shared', () => {
    expect(sharedLinkFrom('')).toBeNull();
    expect(sharedLinkFrom('?url=%20&text=hello')).toBeNull();
    expect(sharedLinkFrom('?lng=fr')).toBeNull();
  });
});
