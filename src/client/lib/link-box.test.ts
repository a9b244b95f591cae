import { describe, expect, it } from 'vitest';
import { listedLinks, pastedList } from './link-box.ts';
import { looksLikeLink, looksLikeProfileInput } from './validate-link.ts';

const post = (code: string) => `https://www.instagram.com/p/${code}/`;

describe('pastedList', () => {
  it('puts a pasted list one entry a line, splitting a line that holds several links', () => {
    expect(pastedList(`\r\n${post('A')}\r\n\r\n${post('B')}, ${post('C')}\n@natgeo nice\n`, looksLikeLink)).toBe(
      [post('A'), post('B'), post('C'), '@natgeo nice'].join('\n'),
    );
    expect(pastedList(`${post('A')} ${post('B')}`, looksLikeLink)).toBe(`${post('A')}\n${post('B')}`);
  });

  it('leaves a paste of one line with one link to the browser', () => {
    expect(pastedList(post('A'), looksLikeLink)).toBeNull();
    expect(pastedList(`look ${post('A')} here`, looksLikeLink)).toBeNull();
  });
});

describe('listedLinks', () => {
  it('reads a box of several entries as a list', () => {
    expect(listedLinks(`${post('A')}\n${post('B')}\n@natgeo`, looksLikeLink, false)).toEqual({
      links: [post('A'), post('B')],
      leftOut: [{ entry: '@natgeo', reason: 'username' }],
    });
  });

  it('is no list for one entry, for words with no link, or for a profile box holding a word that is no name', () => {
    expect(listedLinks(post('A'), looksLikeLink, false)).toBeNull();
    expect(listedLinks('just some words', looksLikeLink, false)).toBeNull();
    expect(listedLinks('not a user!', looksLikeProfileInput, true)).toBeNull();
    expect(listedLinks('nasa natgeo', looksLikeProfileInput, true)?.links).toEqual(['nasa', 'natgeo']);
  });
});
