import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './language-codes.ts';
import { buildSeoLinks } from './seo.ts';

describe('buildSeoLinks', () => {
  it('gives the canonical link and all 22 languages plus x-default', () => {
    const links = buildSeoLinks('https://gramsave.example/', '/fr/instagram-video-downloader');
    expect(links.canonical).toBe('https://gramsave.example/fr/instagram-video-downloader');
    expect(links.alternates.map((a) => a.hreflang)).toEqual([...LANGUAGE_CODES, 'x-default']);
    expect(links.alternates.find((a) => a.hreflang === 'en')?.href).toBe('https://gramsave.example/instagram-video-downloader');
    expect(links.alternates.find((a) => a.hreflang === 'ja')?.href).toBe('https://gramsave.example/ja/instagram-video-downloader');
    expect(links.alternates.find((a) => a.hreflang === 'x-default')?.href).toBe('https://gramsave.example/instagram-video-downloader');
  });

  it('uses the canonical page for aliases and the home page without a trailing slash', () => {
    expect(buildSeoLinks('https://g.example', '/de/video').canonical).toBe('https://g.example/de');
    expect(buildSeoLinks('https://g.example', '/').canonical).toBe('https://g.example/');
    expect(buildSeoLinks('https://g.example', '/how-to-add-music-to-instagram-story').canonical).toBe(
      'https://g.example/blog/how-to-add-music-to-instagram-story',
    );
  });
});
