/** What one quality choice says: its size and tier, that it is joined, and its estimated file size where known. */
import type { MediaQuality } from '../../shared/api.ts';
import type { Language } from '../../shared/language-codes.ts';
import type { Translator } from './translator.ts';

const MB = 1_000_000;

/** Megabytes in the page's number format: one decimal below 10 MB, whole numbers above. */
export function megabytes(bytes: number, language: Language): string {
  const value = bytes / MB;
  const digits = value < 10 ? 1 : 0;
  return new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(Math.max(value, 0.1));
}

export function qualityOptionText(quality: MediaQuality, t: Translator['t'], language: Language): string {
  const parts = [quality.label];
  if (quality.muxed) parts.push(t('downloader.muxed'));
  if (quality.approxBytes) parts.push(t('downloader.approxSize', { size: megabytes(quality.approxBytes, language) }));
  return parts.join(' · ');
}
