import { describe, expect, it } from 'vitest';
import { MAX_BATCH_LINKS } from '../../shared/api.ts';
import { entriesOf, readLinkList, usernameIn } from './link-list.ts';
import { looksLikeLink, looksLikeProfileInput } from './validate-link.ts';

const post = (code: string) => `https://www.instagram.com/p/${code}/`;

describe('readLinkList', () => {
  it('keeps the Instagram links and says why each other entry was left out', () => {
    const text = [`Look at these: ${post('AAA')}`, '@natgeo', post('BBB'), `instagram.com/p/AAA?igsh=x`, 'https://example.com/video', `${post('CCC')}, nice`].join('\n');
    expect(readLinkList(text, looksLikeLink, false)).toEqual({
      links: [post('AAA'), post('BBB'), post('CCC')],
      leftOut: [
        { entry: 'Look', reason: 'notInstagram' },
        { entry: 'at', reason: 'notInstagram' },
        { entry: 'these:', reason: 'notInstagram' },
        { entry: '@natgeo', reason: 'username' },
        { entry: 'instagram.com/p/AAA?igsh=x', reason: 'duplicate' },
        { entry: 'https://example.com/video', reason: 'notInstagram' },
        { entry: 'nice', reason: 'notInstagram' },
      ],
    });
  });

  it('lists an entry left out several times once', () => {
    expect(readLinkList(`${post('A')} ${post('A')} ${post('A')} x x`, looksLikeLink, false).leftOut).toEqual([
      { entry: post('A'), reason: 'duplicate' },
      { entry: 'x', reason: 'notInstagram' },
    ]);
  });

  it('leaves the links past the cap out, by name', () => {
    const text = Array.from({ length: MAX_BATCH_LINKS + 2 }, (_, i) => post(`P${i}`)).join('\n');
    const list = readLinkList(text, looksLikeLink, false);
    expect(list.links).toHaveLength(MAX_BATCH_LINKS);
    expect(list.leftOut).toEqual([
      { entry: post(`P${MAX_BATCH_LINKS}`), reason: 'overCap' },
      { entry: post(`P${MAX_BATCH_LINKS + 1}`), reason: 'overCap' },
    ]);
  });

  it('takes usernames as links on the profile form', () => {
    expect(readLinkList('@nasa natgeo @NASA not-a-name!', looksLikeProfileInput, true)).toEqual({
      links: ['@nasa', 'natgeo'],
      leftOut: [
        { entry: '@NASA', reason: 'duplicate' },
        { entry: 'not-a-name', reason: 'notInstagram' },
      ],
    });
  });

  it('splits on lines, spaces and commas and sheds a sentence’s punctuation', () => {
    expect(entriesOf(' "a", (b).\r\n\n c! ')).toEqual(['a', 'b', 'c']);
  });
});

describe('usernameIn', () => {
  it('finds an @username or a bare username alone', () => {
    expect(usernameIn(' @NatGeo ')).toBe('natgeo');
    expect(usernameIn('nasa')).toBe('nasa');
    expect(usernameIn('john.doe_99')).toBe('john.doe_99');
  });

  it('finds none in a link, a web address, several words or an impossible name', () => {
    for (const text of [post('AAA'), 'instagram.com/nasa', 'example.com', '@a b', 'two words', '', '@', '...', '.nasa', 'nasa.', 'a'.repeat(31), 'née']) {
      expect(usernameIn(text), text).toBeNull();
    }
  });
});
