/**
 * The share pictures (issue 37 point 13): each one is a real PNG of the size the heads state, at the path the heads
 * name, with the logo on the side the language reads from and the title drawn below it. Made for one language of
 * each script family (all 22 are made by the build, and test/e2e/site.spec.ts fetches every one from the server).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Language } from '../src/shared/language-codes.ts';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, ogImagePath } from '../src/shared/og-image.ts';
import { homeTitle, writeOgImages } from './og-images.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'og-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How many pixels of a region are near white (the logo's arrow and the title are the only white there is). */
async function whitePixels(file: string, region: { left: number; top: number; width: number; height: number }): Promise<number> {
  const { data, info } = await sharp(file).extract(region).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let white = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 200 && data[i + 1]! > 200 && data[i + 2]! > 200) white++;
  return white;
}

describe('the share pictures', () => {
  const languages: Language[] = ['en', 'ar', 'ja', 'hi'];

  it('are PNGs of the stated size, at the path the heads name, with the logo and the title drawn', async () => {
    const files = await writeOgImages(dir, languages);
    for (const [i, lang] of languages.entries()) {
      const file = files[i]!;
      expect(file, lang).toBe(path.join(dir, ogImagePath(lang, homeTitle(lang))));
      expect(readFileSync(file).subarray(0, 8).toString('hex'), lang).toBe('89504e470d0a1a0a');
      const meta = await sharp(file).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, lang).toEqual({ format: 'png', width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT });
      // The logo sits at the top, on the reading side: Arabic's on the right, the others' on the left.
      const left = await whitePixels(file, { left: 80, top: 80, width: 150, height: 150 });
      const right = await whitePixels(file, { left: OG_IMAGE_WIDTH - 230, top: 80, width: 150, height: 150 });
      expect(lang === 'ar' ? [left, right > 500] : [left > 500, right], lang).toEqual(lang === 'ar' ? [0, true] : [true, 0]);
      // The title fills at least two lines below it.
      const text = await whitePixels(file, { left: 0, top: 280, width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT - 280 });
      expect(text, lang).toBeGreaterThan(15_000);
    }
  });

  it('change their address with the title they show, so a year-long cache never keeps an old one', () => {
    expect(ogImagePath('fr', 'Gramsave — a')).not.toBe(ogImagePath('fr', 'Gramsave — b'));
    expect(ogImagePath('fr', homeTitle('fr'))).toMatch(/^\/assets\/og\/fr-[0-9a-f]{8}\.png$/);
  });
});
