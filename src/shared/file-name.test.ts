import { describe, expect, it } from 'vitest';
import { cutToBytes, MAX_FILE_NAME_BYTES, mediaFileName, profileZipName, safeFileName, zipFileName } from './file-name.ts';

const bytes = (s: string) => new TextEncoder().encode(s).length;
const reel = { author: 'hold.out_studio', code: 'DQfullHD108', kind: 'reel' } as const;

describe('saved file names', () => {
  it('say who, which post and which quality', () => {
    expect(mediaFileName({ ...reel, quality: { type: 'video', width: 1080, height: 1920 }, extension: 'mp4' })).toBe('hold.out_studio-DQfullHD108-1080p.mp4');
    expect(mediaFileName({ ...reel, quality: { type: 'video', width: 720, height: 1280 }, extension: 'mp4' })).toBe('hold.out_studio-DQfullHD108-720p.mp4');
    expect(mediaFileName({ ...reel, quality: 'audio', extension: 'm4a' })).toBe('hold.out_studio-DQfullHD108-audio.m4a');
    expect(mediaFileName({ ...reel, quality: { type: 'image', width: 1080, height: 1350 }, extension: 'jpg' })).toBe('hold.out_studio-DQfullHD108-1080x1350.jpg');
    expect(zipFileName(reel)).toBe('hold.out_studio-DQfullHD108.zip');
  });

  it('number the items of a carousel, padded so they sort, and only there', () => {
    const names = [0, 9].map((index) => mediaFileName({ ...reel, item: { index, total: 12 }, quality: { type: 'video', width: 640, height: 640 }, extension: 'mp4' }));
    expect(names).toEqual(['hold.out_studio-DQfullHD108-01-640p.mp4', 'hold.out_studio-DQfullHD108-10-640p.mp4']);
    expect(mediaFileName({ ...reel, item: { index: 1, total: 3 }, extension: 'jpg' })).toBe('hold.out_studio-DQfullHD108-2.jpg');
    expect(mediaFileName({ ...reel, item: { index: 0, total: 1 }, extension: 'jpg' })).toBe('hold.out_studio-DQfullHD108.jpg');
  });

  it('name a story by its kind and time, as it has no shortcode', () => {
    const time = new Date('2024-11-10T00:53:20.000Z');
    expect(mediaFileName({ author: 'someone', kind: 'story', time, item: { index: 1, total: 2 }, quality: { type: 'video', width: 720, height: 1280 }, extension: 'mp4' })).toBe(
      'someone-story-20241110-005320-2-720p.mp4',
    );
    expect(mediaFileName({ author: 'someone', kind: 'profile', extension: 'jpg' })).toBe('someone-profile.jpg');
  });

  it("name a profile's ZIP by what it holds and when it was made, so a second is never \"(1)\"", () => {
    const made = new Date('2026-11-27T11:48:05.000Z');
    expect(profileZipName('someone', 'profile', made)).toBe('someone-profile-20261127-114805.zip');
    expect(profileZipName('someone', 'stories', made)).toBe('someone-stories-20261127-114805.zip');
    expect(profileZipName('someone', 'ticked', new Date(made.getTime() + 1000))).toBe('someone-ticked-20261127-114806.zip');
  });

  it('are safe on every OS: no reserved characters, control or bidi characters, dots or spaces at the ends', () => {
    expect(safeFileName('a<b>c:d"e/f\\g|h?i*j.mp4')).toBe('a_b_c_d_e_f_g_h_i_j.mp4');
    expect(safeFileName('tab\there\u0000.jpg')).toBe('tab_here_.jpg');
    expect(safeFileName('evil\u202Egpj.mp4')).toBe('evil_gpj.mp4');
    expect(safeFileName('..hidden.mp4')).toBe('_hidden.mp4');
    expect(safeFileName('name. . .')).toBe('name');
    expect(safeFileName('trailing .mp4')).toBe('trailing.mp4');
    expect(safeFileName('')).toBe('instagram');
    expect(mediaFileName({ author: 'a/b', code: 'C:1', kind: 'post', extension: 'jpg' })).toBe('a_b-C_1.jpg');
  });

  it('never use a name Windows reserves, whatever follows the first dot', () => {
    expect(safeFileName('CON.mp4')).toBe('_CON.mp4');
    expect(safeFileName('nul')).toBe('_nul');
    expect(safeFileName('com1.tar.gz')).toBe('_com1.tar.gz');
    expect(mediaFileName({ author: 'con.x', code: 'AB', kind: 'post', extension: 'jpg' })).toBe('_con.x-AB.jpg');
    expect(safeFileName('console.mp4')).toBe('console.mp4');
  });

  it('fit in 255 bytes of UTF-8, cutting the author on a character boundary and keeping the rest', () => {
    const author = '写真'.repeat(100) + '😀'.repeat(20);
    const name = mediaFileName({ author, code: 'DQfullHD108', kind: 'reel', item: { index: 2, total: 3 }, quality: { type: 'video', width: 1080, height: 1920 }, extension: 'mp4' });
    expect(bytes(name)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(name.endsWith('-DQfullHD108-3-1080p.mp4')).toBe(true);
    expect(name).not.toContain('\uFFFD');
    expect(bytes(safeFileName('é'.repeat(300) + '.jpg'))).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(safeFileName('é'.repeat(300) + '.jpg').endsWith('é.jpg')).toBe(true);
    expect(cutToBytes('a😀b', 4)).toBe('a');
    expect(cutToBytes('a😀b', 5)).toBe('a😀');
  });
});
