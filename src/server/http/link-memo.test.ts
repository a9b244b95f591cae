import { describe, expect, it } from 'vitest';
import { parseLink } from '../../shared/link.ts';
import { createLinkMemo } from './link-memo.ts';

describe('createLinkMemo', () => {
  it('answers as parseLink does, per tool, and reuses the answer for the same text', () => {
    const parse = createLinkMemo(2);
    const link = 'https://www.instagram.com/p/B866lKJgReK/?igsh=x';
    const first = parse(link, undefined);
    expect(first).toEqual(parseLink(link));
    expect(parse(link, undefined)).toBe(first);
    expect(parse('instagram', 'profile')).toEqual(parseLink('instagram', { tool: 'profile' }));
    expect(parse('instagram', undefined)).toEqual({ ok: false, error: 'invalid_url' });
  });

  it('stays bounded', () => {
    const parse = createLinkMemo(2);
    const a = parse('https://instagram.com/p/AAAA/', undefined);
    parse('https://instagram.com/p/BBBB/', undefined);
    parse('https://instagram.com/p/CCCC/', undefined);
    const again = parse('https://instagram.com/p/AAAA/', undefined);
    expect(again).toEqual(a);
    expect(again).not.toBe(a);
  });
});
