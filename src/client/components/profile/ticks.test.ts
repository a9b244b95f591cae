import { describe, expect, it } from 'vitest';
import { highlightKey, picksOf, postKey, storyKey } from './ticks.ts';

describe('picksOf', () => {
  it('groups ticked keys by section, highlight items by album, in the order ticked', () => {
    const keys = [postKey('MUFEED13'), storyKey('301'), highlightKey('17', '5'), postKey('Ab_-9'), highlightKey('18', '6'), highlightKey('17', '7')];
    expect(picksOf(keys)).toEqual({
      stories: ['301'],
      highlights: [{ album: '17', items: ['5', '7'] }, { album: '18', items: ['6'] }],
      posts: ['MUFEED13', 'Ab_-9'],
    });
  });

  it('leaves out the sections nothing was ticked in', () => {
    expect(picksOf([storyKey('1')])).toEqual({ stories: ['1'] });
    expect(picksOf([])).toEqual({});
  });
});
