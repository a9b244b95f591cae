/** A download's size as the page says it: exact for a file, estimated for a joined one (download-choices.ts). */
import type { Language } from '../../shared/language-codes.ts';
import { fileSize } from './file-size.ts';
import type { Translator } from './translator.ts';

/** A download's size: exact ("61 kB", "9.9 MB"), estimated ("≈ 27 MB"), or nothing when unknown. */
export function sizeText(size: { bytes?: number; approxBytes?: number }, t: Translator['t'], language: Language): string {
  if (size.bytes) return t('downloader.size', { size: fileSize(size.bytes, language) });
  if (size.approxBytes) return t('downloader.approxSize', { size: fileSize(size.approxBytes, language) });
  return '';
}

/** The best download's size under its Download; an estimate says that it is one. */
export function sizeNote(size: { bytes?: number; approxBytes?: number }, t: Translator['t'], language: Language): string {
  const text = sizeText(size, t, language);
  return !size.bytes && size.approxBytes ? `${text} · ${t('downloader.sizeApproximate')}` : text;
}
