/**
 * What a result offers to save, in plain words (issue 37 point 5): "Full HD 1080p", "HD 720p", "Small 480p",
 * "Sound only", with "no sound" where a file has none and its size. Options a visitor cannot tell apart (the
 * same file, or the same plain name) are one: the first listed (the server lists the best first), or the one of
 * them with sound. The first choice is the best file, the one big Download saves.
 */
import type { MediaItem, MediaQuality } from '../../shared/api.ts';
import type { Language } from '../../shared/language-codes.ts';
import { sizeNote, sizeText } from './quality-option.ts';
import type { Translator } from './translator.ts';

export interface DownloadChoice {
  /** The plain name: "Full HD 1080p", "Small 480p", "1080 × 1350 px", "Sound only". */
  name: string;
  url: string;
  filename: string;
  /** Inline, for Open in new tab (the sound alone has none of its own). */
  mediaUrl?: string;
  /** The file is the video's picture without its sound. */
  noSound: boolean;
  /** The sound alone (.m4a). */
  audio: boolean;
  bytes?: number;
  approxBytes?: number;
}

/** A video's plain name from its short side: the tiers people know, and the lines to tell two apart. */
export function videoName(width: number, height: number, t: Translator['t']): string {
  const lines = Math.min(width, height);
  const key = lines >= 1080 ? 'downloader.qualityFullHd' : lines >= 720 ? 'downloader.qualityHd' : 'downloader.qualitySmall';
  return t(key, { lines });
}

type Rendition = Pick<MediaQuality, 'width' | 'height' | 'downloadUrl' | 'filename' | 'mediaUrl' | 'bytes' | 'approxBytes' | 'muxed'>;

export function downloadChoices(item: MediaItem, t: Translator['t']): DownloadChoice[] {
  const renditions: Rendition[] = item.qualities?.length ? item.qualities : [{ width: item.width ?? 0, height: item.height ?? 0, downloadUrl: item.downloadUrl, filename: item.filename, mediaUrl: item.mediaUrl, ...sizes(item) }];
  const byName = new Map<string, DownloadChoice>();
  const files = new Set<string>();
  for (const q of renditions) {
    if (files.has(q.downloadUrl)) continue;
    files.add(q.downloadUrl);
    const sized = q.width > 0 && q.height > 0;
    const name = !sized ? t(item.type === 'video' ? 'downloader.videoLabel' : 'downloader.photoLabel') : item.type === 'video' ? videoName(q.width, q.height, t) : t('downloader.pixelSize', { width: q.width, height: q.height });
    // A joined file has the sound of the item's own track; a video Instagram calls silent has none at all.
    const noSound = item.type === 'video' && (Boolean(item.silent) || (Boolean(q.muxed) && !item.audioUrl));
    const choice: DownloadChoice = { name, url: q.downloadUrl, filename: q.filename, mediaUrl: q.mediaUrl, noSound, audio: false, ...sizes(q) };
    const kept = byName.get(name);
    if (!kept || (kept.noSound && !noSound)) byName.set(name, choice);
  }
  const choices = [...byName.values()];
  if (item.audioUrl) choices.push({ name: t('downloader.soundOnly'), url: item.audioUrl, filename: item.audioFilename ?? item.filename.replace(/\.\w+$/, '.m4a'), noSound: false, audio: true });
  return choices;
}

function sizes(from: { bytes?: number; approxBytes?: number }): { bytes?: number; approxBytes?: number } {
  return { ...(from.bytes ? { bytes: from.bytes } : {}), ...(from.approxBytes ? { approxBytes: from.approxBytes } : {}) };
}

/** A choice as its button says it: "HD 720p · no sound · 4.3 MB". */
export function choiceText(choice: DownloadChoice, t: Translator['t'], language: Language): string {
  return [choice.name, choice.noSound ? t('downloader.noSound') : '', sizeText(choice, t, language)].filter(Boolean).join(' · ');
}

/** The big Download's note: the best file's name, "no sound" where so, and its size (an estimate says it is one). */
export function bestNote(choice: DownloadChoice, t: Translator['t'], language: Language): string {
  return [choice.name, choice.noSound ? t('downloader.noSound') : '', sizeNote(choice, t, language)].filter(Boolean).join(' · ');
}
