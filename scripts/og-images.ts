/**
 * Makes every language's share picture (issue 37 point 13) with sharp: the logo and the home page's title in that
 * language, white on the brand's green, 1200×630 (what Facebook, X and LinkedIn show large). The text is laid out
 * by Pango (libvips' text), which shapes Arabic and Persian right to left and breaks CJK and Thai lines; the fonts
 * come from the repository (scripts/og-fonts, taken from Debian's packages with their licences beside them), so a
 * build machine without Devanagari, Bengali, Thai or CJK fonts (CI, the image's slim Debian) draws no empty boxes.
 * Run by scripts/build.mjs after the site is prerendered; the pages' heads already name these paths (ogImagePath).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { LANGUAGE_CODES, textDirection, type Language } from '../src/shared/language-codes.ts';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, ogImagePath } from '../src/shared/og-image.ts';

const FONT_DIR = path.resolve('scripts/og-fonts');
/** Latin, Cyrillic, Vietnamese, Arabic and Persian first; then the scripts DejaVu lacks, Pango falling back in turn. */
const FONT_FILES = ['DejaVuSans-Bold.ttf', 'DroidSansFallbackFull.ttf', 'Lohit-Devanagari.ttf', 'Lohit-Bengali.ttf', 'Loma-Bold.ttf'];
const BRAND_DARK = '#0f5132';
const MARGIN = 80;
const LOGO = 150;
const TEXT_TOP = MARGIN + LOGO + 50;

export function homeTitle(lang: Language): string {
  const common = JSON.parse(readFileSync(path.resolve('content/locales', lang, 'common.json'), 'utf8')) as { pages: { home: { title: string } } };
  return common.pages.home.title;
}

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

let fontsLoaded = false;
/** libvips adds each `fontfile` to the process's fonts once; every later text may then fall back to any of them. */
async function loadFonts(): Promise<void> {
  if (fontsLoaded) return;
  for (const file of FONT_FILES) await sharp({ text: { text: '.', fontfile: path.join(FONT_DIR, file) } }).png().toBuffer();
  fontsLoaded = true;
}

async function titleLayer(title: string, rtl: boolean): Promise<Buffer> {
  // A right-to-left mark first: the title opens with the Latin "Gramsave", which would otherwise make the
  // paragraph left to right and put the Arabic words out of order.
  const text = `<span foreground="#ffffff">${rtl ? '\u200f' : ''}${escapeMarkup(title)}</span>`;
  const box = { width: OG_IMAGE_WIDTH - 2 * MARGIN, height: OG_IMAGE_HEIGHT - TEXT_TOP - 50 };
  return sharp({ text: { text, font: 'DejaVu Sans Bold 52', width: box.width, height: box.height, rgba: true, align: rtl ? 'right' : 'left', wrap: 'word', spacing: 8 } })
    .png()
    .toBuffer();
}

export async function makeOgImage(lang: Language, outFile: string): Promise<void> {
  await loadFonts();
  const rtl = textDirection(lang) === 'rtl';
  const title = await titleLayer(homeTitle(lang), rtl);
  const { width: titleWidth = 0 } = await sharp(title).metadata();
  const logo = await sharp(readFileSync('public/favicon.svg'), { density: Math.ceil((72 * LOGO) / 24) }).resize(LOGO, LOGO).png().toBuffer();
  const start = (width: number) => (rtl ? OG_IMAGE_WIDTH - MARGIN - width : MARGIN);
  await sharp({ create: { width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, channels: 3, background: BRAND_DARK } })
    .composite([
      { input: logo, left: start(LOGO), top: MARGIN },
      { input: title, left: start(titleWidth), top: TEXT_TOP },
    ])
    .png({ compressionLevel: 9, palette: true })
    .toFile(outFile);
}

/** Every language's picture under `<buildDir>/assets/og/`, named as the pages' heads name it. */
export async function writeOgImages(buildDir: string, languages: readonly Language[] = LANGUAGE_CODES): Promise<string[]> {
  mkdirSync(path.join(buildDir, 'assets/og'), { recursive: true });
  const written: string[] = [];
  for (const lang of languages) {
    const file = path.join(buildDir, ogImagePath(lang, homeTitle(lang)));
    await makeOgImage(lang, file);
    written.push(file);
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = await writeOgImages(process.argv[2] ?? 'build/client');
  console.log(`share pictures written: ${files.length} languages`);
}
