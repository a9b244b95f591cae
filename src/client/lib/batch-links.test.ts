import { describe, expect, it } from 'vitest';
import { looksLikeLink, looksLikeProfileInput } from './validate-link.ts';
import { batchOf, linkKey, MAX_BATCH_LINKS, splitLinks } from './batch-links.ts';

describe('splitLinks', () => {
  it('takes one a line, or separated by spaces or commas', () => {
    const text = 'https://www.instagram.com/p/AAA/\nhttps://www.instagram.com/reel/BBB/, https://instagram.com/p/CCC/ https://www.instagram.com/stories/x/1/';
    expect(splitLinks(text).links).toEqual([
      'https://www.instagram.com/p/AAA/',
      'https://www.instagram.com/reel/BBB/',
      'https://instagram.com/p/CCC/',
      'https://www.instagram.com/stories/x/1/',
    ]);
  });

  it('merges the same post written differently, keeping the first spelling', () => {
    const text = 'https://www.instagram.com/p/AAA/?igsh=1 instagram.com/p/AAA HTTPS://WWW.INSTAGRAM.COM/p/AAA/#x https://www.instagram.com/p/BBB/';
    expect(splitLinks(text)).toEqual({ links: ['https://www.instagram.com/p/AAA/?igsh=1', 'https://www.instagram.com/p/BBB/'], dropped: 0 });
  });

  it('keeps the first 20 distinct links and counts the rest', () => {
    const text = Array.from({ length: 25 }, (_, i) => `https://www.instagram.com/p/P${i}/`).join('\n');
    const { links, dropped } = splitLinks(`${text}\n${text}`);
    expect(links).toHaveLength(MAX_BATCH_LINKS);
    expect(links[19]).toBe('https://www.instagram.com/p/P19/');
    expect(dropped).toBe(5);
  });

  it('sheds a sentence’s punctuation and skips blank lines', () => {
    expect(splitLinks('Look: (https://www.instagram.com/p/AAA/).\n\n\n"https://www.instagram.com/p/BBB/"!').links).toEqual([
      'Look:',
      'https://www.instagram.com/p/AAA/',
      'https://www.instagram.com/p/BBB/',
    ]);
    expect(splitLinks('   \n ,, ').links).toEqual([]);
  });

  it('treats @names and names alike for the profile form', () => {
    expect(splitLinks('@Natgeo natgeo nasa').links).toEqual(['@Natgeo', 'nasa']);
    expect(linkKey('@NatGeo')).toBe(linkKey('natgeo'));
  });
});

describe('batchOf', () => {
  const a = 'https://www.instagram.com/p/AAA/';
  const b = 'https://www.instagram.com/p/BBB/';

  it('is a batch from two accepted links on, listing the words and the other site it left out', () => {
    expect(batchOf(`Look: ${a} and https://example.com/p/x/ ${b}`, looksLikeLink, false)).toEqual({
      links: [a, b],
      dropped: 0,
      leftOut: [
        { entry: 'Look:', reason: 'notInstagram' },
        { entry: 'and', reason: 'notInstagram' },
        { entry: 'https://example.com/p/x/', reason: 'notInstagram' },
      ],
    });
  });

  it('counts the links past the cap as dropped', () => {
    const text = Array.from({ length: 23 }, (_, i) => `https://www.instagram.com/p/P${i}/`).join('\n');
    expect(batchOf(text, looksLikeLink, false)).toMatchObject({ dropped: 3 });
  });

  it('is no batch for one link, free text, or one link in a sentence', () => {
    expect(batchOf(a, looksLikeLink, false)).toBeNull();
    expect(batchOf('not a link', looksLikeLink, false)).toBeNull();
    expect(batchOf(`see ${a} now`, looksLikeLink, false)).toBeNull();
  });

  it('takes usernames on the profile form only when every word is one', () => {
    expect(batchOf('natgeo, @nasa', looksLikeProfileInput, true)).toEqual({ links: ['natgeo', '@nasa'], dropped: 0, leftOut: [] });
    expect(batchOf('not a user!', looksLikeProfileInput, true)).toBeNull();
  });
});
