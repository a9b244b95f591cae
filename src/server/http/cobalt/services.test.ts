/** A link's service by its host, in cobalt's names (its service-config.js and url.js at a636575, read 2026-11-27). */
import { describe, expect, it } from 'vitest';
import { serviceOfLink } from './services.ts';

describe('the service of a link', () => {
  it.each([
    ['https://www.instagram.com/p/abc/', 'instagram'],
    ['instagram.com/reel/abc', 'instagram'],
    ['https://d.ddinstagram.com/p/abc/', 'instagram'],
    ['https://INSTAGR.AM/p/abc/', 'instagram'],
    ['https://www.threads.net/@a/post/abc', 'threads'],
    ['https://www.threads.com/@a/post/abc', 'threads'],
    ['barcelona://media?shortcode=abc', 'threads'],
    ['instagram://media?id=123', 'instagram'],
    ['https://music.youtube.com/watch?v=x', 'youtube'],
    ['https://youtu.be/x', 'youtube'],
    ['https://old.reddit.com/r/a/comments/b', 'reddit'],
    ['https://x.com/a/status/1', 'twitter'],
    ['https://clips.twitch.tv/abc', 'twitch'],
    ['https://bsky.app/profile/a/post/b', 'bsky'],
  ])('%s → %s', (link, service) => {
    expect(serviceOfLink(link)).toBe(service);
  });

  it.each([
    'not a link',
    'https://example.com/p/abc/',
    'https://instagram.com.example.net/p/abc/',
    'https://evil-instagram.com/p/abc/',
    'https://api.instagram.com.evil/p/',
    'https://bsky.com/profile/a',
    'https://www.youtube.co.uk/watch?v=x',
    'https://studio.youtube.com/x',
  ])('%s is no service', (link) => {
    expect(serviceOfLink(link)).toBeUndefined();
  });
});
