import { describe, expect, it } from 'vitest';
import type { RawResolution } from './raw.ts';
import { isUsableMediaUrl, keepUsableMedia } from './usable-media.ts';

const good = 'https://scontent.cdninstagram.com/v/a.jpg?oe=FFFFFFFF';

describe('isUsableMediaUrl', () => {
  it.each([
    [good, true],
    ['http://127.0.0.1:4002/x.jpg', true],
    ['/relative/a.jpg', false],
    ['data:image/png;base64,AAAA', false],
    ['javascript:alert(1)', false],
    ['', false],
    [`https://cdn.example/${'a'.repeat(5000)}`, false],
    [42, false],
  ])('%s → %s', (url, usable) => {
    expect(isUsableMediaUrl(url)).toBe(usable);
  });
});

describe('keepUsableMedia', () => {
  it('drops items without a usable file URL and repairs their extras', () => {
    const raw: RawResolution = {
      kind: 'post',
      sourceUrl: 'https://www.instagram.com/p/x/',
      author: { username: 'someone', avatarUrl: '/avatar.jpg' },
      items: [
        { type: 'image', url: '/only-relative.jpg', previewUrl: good, qualities: [] },
        { type: 'video', url: good, previewUrl: 'not a url', qualities: [{ url: good, width: 1, height: 1 }, { url: 'ftp://x/y', width: 2, height: 2 }], audioUrl: 'nope' },
      ],
    };
    const kept = keepUsableMedia(raw);
    expect(kept.items).toHaveLength(1);
    expect(kept.items[0]).toEqual({ type: 'video', url: good, previewUrl: good, qualities: [{ url: good, width: 1, height: 1 }] });
    expect(kept.author.avatarUrl).toBeUndefined();
  });
});
