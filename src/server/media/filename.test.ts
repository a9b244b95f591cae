import { describe, expect, it } from 'vitest';
import { contentDisposition, contentTypeOf, fileKindOf, mediaFilename, qualityLabel, zipEntryName, zipFilename } from './filename.ts';

describe('file names', () => {
  it('follows the spec pattern, audio as .m4a', () => {
    const t = new Date('2024-05-01T10:00:00.123Z');
    expect(mediaFilename('video', t)).toBe('instagram-video-2024-05-01T10-00-00-123Z.mp4');
    expect(mediaFilename('photo', t)).toBe('instagram-photo-2024-05-01T10-00-00-123Z.jpg');
    expect(mediaFilename('reel', t)).toBe('instagram-reel-2024-05-01T10-00-00-123Z.mp4');
    expect(mediaFilename('audio', t)).toBe('instagram-audio-2024-05-01T10-00-00-123Z.m4a');
    expect(fileKindOf('video', 'reel')).toBe('reel');
    expect(fileKindOf('image', 'reel')).toBe('photo');
    expect(contentTypeOf('a.m4a')).toBe('audio/mp4');
    expect(contentTypeOf('a.zip')).toBe('application/zip');
  });

  it('numbers the items of a multi-item post so their names never collide; a single item keeps the spec name', () => {
    const t = new Date('2024-05-01T10:00:00.123Z');
    const names = [0, 1, 2].map((index) => mediaFilename('photo', t, { index, total: 3 }));
    expect(names).toEqual([
      'instagram-photo-2024-05-01T10-00-00-123Z-1.jpg',
      'instagram-photo-2024-05-01T10-00-00-123Z-2.jpg',
      'instagram-photo-2024-05-01T10-00-00-123Z-3.jpg',
    ]);
    expect(mediaFilename('video', t, { index: 0, total: 1 })).toBe('instagram-video-2024-05-01T10-00-00-123Z.mp4');
  });

  it('labels qualities with their size and HD tier', () => {
    expect(qualityLabel(1080, 1920)).toBe('1080×1920 · Full HD');
    expect(qualityLabel(720, 1280)).toBe('720×1280 · HD');
    expect(qualityLabel(480, 854)).toBe('480×854');
  });

  it('numbers ZIP entries and names the ZIP safely, never doubling a word', () => {
    expect(zipFilename('instagram', 'C8x')).toBe('instagram-C8x.zip');
    expect(zipFilename('Instagram', 'C8x')).toBe('instagram-C8x.zip');
    expect(zipEntryName(0, 3, 'a.jpg')).toBe('01-a.jpg');
    expect(zipEntryName(99, 120, 'a.jpg')).toBe('100-a.jpg');
    expect(zipFilename('nat.geo', 'C8x')).toBe('instagram-nat.geo-C8x.zip');
    expect(zipFilename('../évil"', undefined)).toBe('instagram-..__vil_-media.zip');
  });

  it('writes RFC 6266 Content-Disposition with an ASCII fallback and filename*', () => {
    expect(contentDisposition('a b.mp4')).toBe(`attachment; filename="a b.mp4"; filename*=UTF-8''a%20b.mp4`);
    expect(contentDisposition('фото "1"\\.jpg', 'inline')).toBe(
      `inline; filename="____ _1__.jpg"; filename*=UTF-8''%D1%84%D0%BE%D1%82%D0%BE%20%221%22%5C.jpg`,
    );
  });
});
