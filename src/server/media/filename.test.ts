import { describe, expect, it } from 'vitest';
import { contentDisposition, contentTypeOf, qualityLabel } from './filename.ts';

describe('saved files', () => {
  it('types files by their extension, audio as audio/mp4', () => {
    expect(contentTypeOf('a.mp4')).toBe('video/mp4');
    expect(contentTypeOf('a.m4a')).toBe('audio/mp4');
    expect(contentTypeOf('a.zip')).toBe('application/zip');
    expect(contentTypeOf('a.jpg')).toBe('image/jpeg');
  });

  it('labels qualities with their size and HD tier', () => {
    expect(qualityLabel(1080, 1920)).toBe('1080×1920 · Full HD');
    expect(qualityLabel(720, 1280)).toBe('720×1280 · HD');
    expect(qualityLabel(480, 854)).toBe('480×854');
  });

  it('labels a photo by its pixels, never as HD or Full HD', () => {
    expect(qualityLabel(1080, 1350, 'image')).toBe('1080×1350');
    expect(qualityLabel(750, 937, 'image')).toBe('750×937');
  });

  it('writes RFC 6266 Content-Disposition with an ASCII fallback and filename*', () => {
    expect(contentDisposition('a b.mp4')).toBe(`attachment; filename="a b.mp4"; filename*=UTF-8''a%20b.mp4`);
    expect(contentDisposition('фото 1.jpg', 'inline')).toBe(`inline; filename="____ 1.jpg"; filename*=UTF-8''%D1%84%D0%BE%D1%82%D0%BE%201.jpg`);
  });

  it('names the file by the one rule of saved names (shared/file-name.ts), whatever the token says', () => {
    expect(contentDisposition('CON.mp4')).toBe(`attachment; filename="_CON.mp4"; filename*=UTF-8''_CON.mp4`);
    expect(contentDisposition('a"b\\c:d.jpg')).toBe(`attachment; filename="a_b_c_d.jpg"; filename*=UTF-8''a_b_c_d.jpg`);
  });
});
