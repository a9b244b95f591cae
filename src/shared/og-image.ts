/**
 * Each language's share picture (issue 37 point 13): the logo and the home page's title in that language, made at
 * build time (scripts/og-images.ts) and named by what it shows, so it is served under /assets/ with a year's cache
 * and a new title or design is a new address that social sites fetch again.
 */
import type { Language } from './language-codes.ts';

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
/** Raise when the picture's design changes: its address changes with it. */
const OG_IMAGE_DESIGN = 1;

/** FNV-1a, 32 bits: a short stable name, the same in the build script and in the page's head. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The picture's path on the site: `/assets/og/<lang>-<hash>.png`. */
export function ogImagePath(lang: Language, title: string): string {
  return `/assets/og/${lang}-${shortHash(`${OG_IMAGE_DESIGN}|${title}`)}.png`;
}
