import { describe, expect, it } from 'vitest';
import type { Resolution } from '../../shared/api.ts';
import { debugLine, describeFailure, describeResolution, formatLine, redact, timestamp } from './debug-log.ts';

const resolution: Resolution = {
  kind: 'story',
  service: 'instagram',
  sourceUrl: 'https://www.instagram.com/stories/someone/123/',
  author: { username: 'someone' },
  items: [
    { type: 'video', previewUrl: '/api/v1/media/abc.def', mediaUrl: '/api/v1/media/abc.def', downloadUrl: '/api/v1/media/abc.def?download=1', filename: 'instagram-video-x.mp4', audioUrl: '/api/v1/media/aud.x?download=1' },
    { type: 'image', previewUrl: '/api/v1/media/ghi.jkl', mediaUrl: '/api/v1/media/ghi.jkl', downloadUrl: '/api/v1/media/ghi.jkl?download=1', filename: 'instagram-photo-x.jpg' },
  ],
  zipUrl: '/api/v1/zip/zzz.yyy',
};

describe('debug log', () => {
  it('stamps lines with the local time to the millisecond', () => {
    const at = new Date(2024, 2, 15, 9, 5, 7, 42).getTime();
    expect(timestamp(at)).toBe('09:05:07.042');
    expect(formatLine(debugLine('Lookup started', at))).toBe('[09:05:07.042] Lookup started');
  });

  it('describes a resolution by kind, counts and extras, never its links', () => {
    const text = describeResolution(resolution, 200, 153);
    expect(text).toBe('HTTP 200 in 153 ms: kind story, 2 item(s) (1 video, 1 image), with zip, audio');
    expect(text).not.toMatch(/api\/v1|instagram\.com|someone/);
  });

  it('describes failures by status, code and message key', () => {
    expect(describeFailure({ kind: 'http', status: 404, code: 'not_found' }, 80, 'errors.notFoundStory')).toBe('HTTP 404 in 80 ms: not_found (errors.notFoundStory)');
    expect(describeFailure({ kind: 'network' }, 5, 'errors.network')).toBe('Network failure after 5 ms (errors.network)');
  });

  it('redacts links, cookies and long tokens that slip into a line', () => {
    expect(redact('got https://scontent.cdninstagram.com/v/t51/x.jpg?oh=abc&oe=123 ok')).toBe('got [link] ok');
    expect(redact('see /api/v1/media/eyJ0Ijoib.sig?download=1')).toBe('see [link]');
    expect(redact('cookie sessionid=12345%3Aabc; csrftoken=zzz')).toBe('cookie sessionid=[hidden]; csrftoken=[hidden]');
    expect(redact('token eyJhbGciOiJIUzI1NiJ9abcdefghijklmnopqrstuvwxyz.sig here')).toBe('token [hidden] here');
    expect(debugLine('visit instagram.com/stories/someone/1').text).toBe('visit [link]');
  });
});
