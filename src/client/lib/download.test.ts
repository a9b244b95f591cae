import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOWNLOAD_MESSAGES, downloadKindOf } from './download.ts';

describe('download kinds and messages', () => {
  it('names photos, videos and reels as the spec does', () => {
    expect(downloadKindOf('image', 'reel', true)).toBe('photo');
    expect(downloadKindOf('video', 'post', false)).toBe('video');
    expect(downloadKindOf('video', 'reel', false)).toBe('reel');
    expect(downloadKindOf('video', 'post', true)).toBe('reel');
  });
  it('uses keys that exist in the English strings, with the spec wording', () => {
    const en = JSON.parse(readFileSync(new URL('../../../content/locales/en/common.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;
    const text = (key: string) => en[key.split('.')[0]!]?.[key.split('.')[1]!];
    for (const messages of Object.values(DOWNLOAD_MESSAGES)) {
      for (const key of Object.values(messages)) expect(text(key), key).toEqual(expect.any(String));
    }
    expect(text(DOWNLOAD_MESSAGES.video.progress)).toBe('Downloading video...');
    expect(text(DOWNLOAD_MESSAGES.photo.progress)).toBe('Downloading photo...');
    expect(text(DOWNLOAD_MESSAGES.reel.done)).toBe('Reel downloaded successfully!');
    expect(text(DOWNLOAD_MESSAGES.photo.done)).toBe('Photo downloaded successfully!');
    expect(text(DOWNLOAD_MESSAGES.video.done)).toBe('Video downloaded successfully!');
  });
});
