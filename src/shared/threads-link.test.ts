/** Threads links (issue 40, fact 5): every form the peers' tests hold, the service they belong to, their keys. */
import { describe, expect, it } from 'vitest';
import { canonicalUrl, linkKey, parseLink, serviceOf, type ParsedLink } from './link.ts';

const thread = (shortcode: string, username?: string): ParsedLink => (username ? { kind: 'thread', shortcode, username } : { kind: 'thread', shortcode });
const LONG = `C6cqebdCfBi${'a'.repeat(28)}`;

describe('Threads links', () => {
  it.each<[string, ParsedLink | 'invalid_url' | 'unsupported']>([
    ['https://www.threads.com/@zuck/post/CzecNnZPaxr', thread('CzecNnZPaxr', 'zuck')],
    ['https://www.threads.net/@zuck/post/CzecNnZPaxr/', thread('CzecNnZPaxr', 'zuck')],
    ['threads.net/@Zuck/post/CzecNnZPaxr?xmt=AQGz1abc&slof=1', thread('CzecNnZPaxr', 'zuck')],
    ['https://threads.com/@tntsportsbr/post/C6cqebdCfBi/media', thread('C6cqebdCfBi', 'tntsportsbr')],
    ['https://www.threads.com/t/C6cqebdCfBi', thread('C6cqebdCfBi')],
    ['https://www.threads.com/t/C6cqebdCfBi/?igshid=1', thread('C6cqebdCfBi')],
    [`https://www.threads.com/@someone/post/${LONG}`, thread(LONG, 'someone')],
    ['barcelona://media?shortcode=C6cqebdCfBi', thread('C6cqebdCfBi')],
    ['look: https://www.threads.com/@zuck/post/CzecNnZPaxr, and https://www.instagram.com/p/B866lKJgReK/', thread('CzecNnZPaxr', 'zuck')],
    ['https://www.threads.com/@zuck', { kind: 'threads-profile', username: 'zuck' }],
    ['https://www.threads.com/@zuck/post/CzecNnZPaxr/likes', 'unsupported'],
    ['https://www.threads.com/search?q=x', 'unsupported'],
    ['https://evil.threads.com/@zuck/post/CzecNnZPaxr', 'unsupported'],
    ['https://threadsxcom.example/@zuck/post/CzecNnZPaxr', 'invalid_url'],
  ])('%s', (input, expected) => {
    const parsed = parseLink(input);
    if (typeof expected === 'string') expect(parsed).toEqual({ ok: false, error: expected });
    else expect(parsed).toEqual({ ok: true, link: expected });
  });

  it('an Instagram link before a Threads one stays Instagram’s', () => {
    expect(parseLink('https://www.instagram.com/p/B866lKJgReK/ https://www.threads.com/t/C6cqebdCfBi')).toEqual({ ok: true, link: { kind: 'post', shortcode: 'B866lKJgReK' } });
  });

  it('says its service, a canonical threads.com link, and a key that never meets an Instagram code', () => {
    expect(serviceOf(thread('CzecNnZPaxr'))).toBe('threads');
    expect(serviceOf({ kind: 'threads-profile', username: 'zuck' })).toBe('threads');
    expect(serviceOf({ kind: 'post', shortcode: 'CzecNnZPaxr' })).toBe('instagram');
    expect(canonicalUrl(thread('CzecNnZPaxr', 'zuck'))).toBe('https://www.threads.com/@zuck/post/CzecNnZPaxr');
    expect(canonicalUrl(thread('CzecNnZPaxr'))).toBe('https://www.threads.com/t/CzecNnZPaxr');
    expect(linkKey(thread('CzecNnZPaxr'))).not.toBe(linkKey({ kind: 'post', shortcode: 'CzecNnZPaxr' }));
    expect(linkKey(thread('CzecNnZPaxr', 'zuck'))).toBe(linkKey(thread('CzecNnZPaxr')));
  });
});
