/**
 * What the quality choice says: each option's size and tier, "best" on the one best option only, that a joined
 * option is joined, and its size (exact for a file, estimated for a joined one); and the chosen download's size
 * shown beside the select.
 */
import type { MediaQuality } from '../../shared/api.ts';
import type { Language } from '../../shared/language-codes.ts';
import { fileSize } from './file-size.ts';
import type { Translator } from './translator.ts';

/** The best option: the most pixels; of equal ones, the first (the server lists them best first). */
export function bestQuality(qualities: readonly MediaQuality[]): MediaQuality {
  return qualities.reduce((best, q) => (q.width * q.height > best.width * best.height ? q : best));
}

/** A download's size: exact ("61 kB", "9.9 MB"), estimated ("≈ 27 MB"), or nothing when unknown. */
export function sizeText(size: { bytes?: number; approxBytes?: number }, t: Translator['t'], language: Language): string {
  if (size.bytes) return t('downloader.size', { size: fileSize(size.bytes, language) });
  if (size.approxBytes) return t('downloader.approxSize', { size: fileSize(size.approxBytes, language) });
  return '';
}

/** The chosen download's size beside the select; an estimate says that it is one. */
export function sizeNote(size: { bytes?: number; approxBytes?: number }, t: Translator['t'], language: Language): string {
  const text = sizeText(size, t, language);
  return !size.bytes && size.approxBytes ? `${text} · ${t('downloader.sizeApproximate')}` : text;
}

/** A quality without its size: "720×1280 · HD · best · video and sound joined". */
export function qualityName(quality: MediaQuality, isBest: boolean, t: Translator['t']): string {
  const parts = [quality.label];
  if (isBest) parts.push(t('downloader.best'));
  if (quality.muxed) parts.push(t('downloader.joined'));
  return parts.join(' · ');
}

export function qualityOptionText(quality: MediaQuality, isBest: boolean, t: Translator['t'], language: Language): string {
  const parts = [qualityName(quality, isBest, t)];
  const size = sizeText(quality, t, language);
  if (size) parts.push(size);
  return parts.join(' · ');
}
