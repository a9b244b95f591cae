import { describe, expect, it } from 'vitest';
import type { RawResolution } from '../../extract/raw.ts';
import { ApiError } from '../../errors/api-error.ts';
import { ExtractError, toApiError } from '../../extract/failure.ts';
import { batchArchive, postFolder } from './batch-zip.ts';
import { entryNames, missingText } from './entries.ts';

const post = (shortcode: string, count: number, username = 'someone'): RawResolution => ({
  kind: 'post',
  shortcode,
  sourceUrl: `https://www.instagram.com/p/${shortcode}/`,
  author: { username },
  takenAt: '2024-03-15T10:20:30.000Z',
  items: Array.from({ length: count }, (_, i) => ({ type: 'image' as const, url: `https://cdn/${shortcode}/${i}.jpg`, previewUrl: `https://cdn/${shortcode}/${i}.jpg`, qualities: [] })),
});

describe('batchArchive', () => {
  it('puts each post in its folder, keeps the first 200 files and lists the rest and the failures as missing', async () => {
    const links = Array.from({ length: 12 }, (_, i) => ({ u: `https://www.instagram.com/p/P${i}/` }));
    const lookUp = async (link: { u: string }) => {
      if (link.u.endsWith('/P3/')) throw new ApiError('not_found', 'This post was not found.');
      return post(link.u.split('/')[4]!, 20);
    };
    const { entries, missing } = await batchArchive({ t: 'b', n: 'x', e: 0, l: links, m: [{ u: 'https://www.instagram.com/p/OLD/', r: 'It is private.' }] }, lookUp);
    expect(entries).toHaveLength(200);
    expect(entries[0]).toMatchObject({ folder: 'someone_P0', f: 'someone-P0-01.jpg' });
    expect(entries.some((e) => e.folder === 'someone_P3')).toBe(false);
    expect(missing.map((m) => m.name)[0]).toBe('https://www.instagram.com/p/OLD/');
    expect(missing[1]).toMatchObject({ name: 'https://www.instagram.com/p/P3/', error: { code: 'not_found' } });
    // Eleven posts of 20 files looked up: the first ten fill the 200, the last post's 20 are over the cap.
    expect(missing.slice(2)).toHaveLength(20);
    expect(missing[2]).toMatchObject({ name: 'someone_P11/someone-P11-01.jpg', error: { code: 'payload_too_large' } });
  });

  it('says in MISSING.txt that a share link leads off Instagram', async () => {
    const share = 'https://www.instagram.com/share/p/BAMoffsite01/';
    const lookUp = async (link: { u: string }) => {
      if (link.u === share) throw toApiError(new ExtractError('share_offsite', 'share-link: leads off Instagram to https://example.invalid/'));
      return post('P0', 1);
    };
    const { missing } = await batchArchive({ t: 'b', n: 'x', e: 0, l: [{ u: 'https://www.instagram.com/p/P0/' }, { u: share }] }, lookUp);
    expect(missing).toMatchObject([{ name: share, error: { code: 'share_offsite', status: 400 } }]);
    expect(missingText(missing).split('\n')[1]).toBe(`${share}: This share link does not lead to Instagram, so there is nothing here to download.`);
  });

  it('names folders safely whatever the author and shortcode hold', () => {
    expect(postFolder(post('A/b..c', 1, '../evil'))).toBe('.._evil_A_b..c');
    expect(postFolder({ ...post('x', 1), shortcode: undefined, kind: 'story' })).toBe('someone_story');
  });
});

describe('entryNames with folders', () => {
  it('keeps one folder level, never a way out of it, and makes names unique within a folder', () => {
    expect(entryNames([{ folder: '..', name: 'a.jpg' }, { folder: 'x/y', name: '../b.jpg' }, { folder: 'p', name: 'a.jpg' }, { folder: 'P', name: 'a.jpg' }, 'a.jpg'])).toEqual([
      '_/a.jpg',
      'x_y/__b.jpg',
      'p/a.jpg',
      'P/a-2.jpg',
      'a.jpg',
    ]);
  });
});
