import { describe, expect, it } from 'vitest';
import { recentLabel } from './recent-label.ts';

describe('recentLabel', () => {
  it('tells two lookups of one author apart by kind and code', () => {
    expect(recentLabel('https://www.instagram.com/p/Cji5EVwNDcC/', 'post')).toEqual({ kind: 'post', code: 'Cji5EVwNDcC' });
    expect(recentLabel('https://www.instagram.com/reel/DAbc123xyz/?igsh=1')).toEqual({ kind: 'reel', code: 'DAbc123xyz' });
    expect(recentLabel('https://www.instagram.com/tv/CAanWEbg_do/')).toEqual({ kind: 'igtv', code: 'CAanWEbg_do' });
  });
  it('prefers the kind the lookup answered (a /p/ link can be a reel)', () => {
    expect(recentLabel('https://www.instagram.com/p/Cji5EVwNDcC/', 'reel')).toEqual({ kind: 'reel', code: 'Cji5EVwNDcC' });
  });
  it('names stories, highlights and profiles, with no code where there is none', () => {
    expect(recentLabel('https://www.instagram.com/stories/someone/3412345678901234567/')).toEqual({ kind: 'story', code: '3412345678901234567' });
    expect(recentLabel('https://www.instagram.com/stories/someone/')).toEqual({ kind: 'story', code: null });
    expect(recentLabel('https://www.instagram.com/someone/', 'profile')).toEqual({ kind: 'profile', code: null });
    expect(recentLabel('not a link')).toEqual({ kind: null, code: null });
  });
});
