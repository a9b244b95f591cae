/**
 * What the quality choice says: each option's size and tier, "best" on the one best option only, that a joined
 * option is joined, and its size (exact for a file, estimated for a joined one); and the chosen download's size
 * shown beside the select.
 */
import type { MediaQuality } from '../../shared/api.ts';
import type { Language } from '../../shared/language-codes.ts';
import type { Translator } from './translator.ts';

const MB = 1_000_000;

/**
 * Megabytes in the page's number format: two significant digits below 1 MB (a 34 kB photo is 0.034, not a flat
 * 0.1 for every small file), one decimal below 10 MB, whole numbers above.
 */
export function megabytes(bytes: number, language: Language): string {
  const value = bytes / MB;
  if (value < 1) return new Intl.NumberFormat(language, { maximumSignificantDigits: 2 }).format(value);
  const digits = value < 10 ? 1 : 0;
  return new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** The best option: the most pixels; of equal ones, the first (the server lists them best first). */
export function bestQuality(qualities: readonly MediaQuality[]): MediaQuality {
  return qualities.reduce((best, q) => (q.width * q.height > best.width * best.height ? q : best));
}

/** A download's size: exact ("9.9 MB"), estimated ("≈ 27 MB"), or nothing when unknown. */
export function sizeText(size: { bytes?: number; approxBytes?: number }, t: Translator['t'], language: Language): string {
  if (size.bytes) return t('downloader.size', { size: megabytes(size.bytes, language) });
  if (size.approxBytes) return t('downloader.approxSize', { size: megabytes(size.approxBytes, language) });
  return '';
}

/** The chosen download's size beside the select; an estimate says that it is one. */
export function sizeNote(size: { bytes?: number; approxBytes?: number }, t: Translator['t'], language: Language): string {
  const text = sizeText(size, t, language);
  return !size.bytes && size.approxBytes ? `${text} · ${t('downloader.sizeApproximate')}` : text;
}

export function qualityOptionText(quality: MediaQuality, isBest: boolean, t: Translator['t'], language: Language): string {
  const parts = [quality.label];
  if (isBest) parts.push(t('downloader.best'));
  if (quality.muxed) parts.push(t('downloader.joined'));
  const size = sizeText(quality, t, language);
  if (size) parts.push(size);
  return parts.join(' · ');
}
