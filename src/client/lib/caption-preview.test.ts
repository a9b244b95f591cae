import { describe, expect, it } from 'vitest';
import { captionPreview } from './caption-preview.ts';

describe('captionPreview', () => {
  it('keeps a short caption whole', () => {
    expect(captionPreview('  Sunset at the pier 🌅 ')).toEqual({ short: 'Sunset at the pier 🌅', cut: false });
  });

  it('cuts a long one at the end of a word, with an ellipsis', () => {
    const caption = `${'word '.repeat(40)}end`;
    const { short, cut } = captionPreview(caption);
    expect(cut).toBe(true);
    expect(short).toMatch(/^(word )+word…$/);
    expect([...short].length).toBeLessThanOrEqual(161);
  });

  it('keeps the first three lines of a caption of many short lines', () => {
    expect(captionPreview('one\ntwo\nthree\nfour\n#tags')).toEqual({ short: 'one\ntwo\nthree…', cut: true });
  });

  it('never splits an emoji or a syllable, and cuts a text without spaces where it must', () => {
    const family = '👨‍👩‍👧‍👦';
    const { short } = captionPreview(family.repeat(200), 10);
    expect(short).toBe(`${family.repeat(10)}…`);
    expect(captionPreview('新しいリールを公開しました'.repeat(20), 12).short).toBe('新しいリールを公開しました'.slice(0, 12) + '…');
  });
});
