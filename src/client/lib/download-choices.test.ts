import { describe, expect, it } from 'vitest';
import en from '../../../content/locales/en/common.json';
import fr from '../../../content/locales/fr/common.json';
import ja from '../../../content/locales/ja/common.json';
import type { MediaItem, MediaQuality } from '../../shared/api.ts';
import { bestNote, choiceText, downloadChoices } from './download-choices.ts';
import { sizeNote, sizeText } from './quality-option.ts';
import { createTranslator } from './translator.ts';

const joined = (width: number, height: number, approxBytes: number): MediaQuality => ({
  label: `${width}×${height}`,
  width,
  height,
  mediaUrl: `/api/v1/mux/${width}?inline=1`,
  downloadUrl: `/api/v1/mux/${width}`,
  filename: `a-B-${width}p.mp4`,
  muxed: true,
  approxBytes,
});
const file = (width: number, height: number, bytes?: number): MediaQuality => ({
  label: `${width}×${height}`,
  width,
  height,
  mediaUrl: `/api/v1/media/${width}`,
  downloadUrl: `/api/v1/media/${width}?download=1`,
  filename: `a-B-${width}p.mp4`,
  ...(bytes ? { bytes } : {}),
});
const reel = (qualities: MediaQuality[], extra: Partial<MediaItem> = {}): MediaItem => ({
  type: 'video',
  previewUrl: '/p',
  mediaUrl: qualities[0]!.mediaUrl,
  downloadUrl: qualities[0]!.downloadUrl,
  filename: qualities[0]!.filename,
  qualities,
  audioUrl: '/api/v1/media/audio?download=1',
  audioFilename: 'a-B-audio.m4a',
  ...extra,
});
const t = (lang: 'en' | 'fr' | 'ja') => createTranslator(lang, { en, fr, ja }[lang]).t;
const texts = (item: MediaItem, lang: 'en' | 'fr' | 'ja' = 'en') => downloadChoices(item, t(lang)).map((c) => choiceText(c, t(lang), lang));

describe('download choices', () => {
  it('name a reel’s files in plain words, best first, one per name, and the sound alone last', () => {
    // What Instagram gives a 2025 reel: joined tracks from 1080p down, one progressive file, tracks that differ by
    // a few lines (696p beside 720p) and a second 480p-class track: eight options before, five now.
    const item = reel([joined(1080, 1920, 27_000_000), file(720, 1280, 9_876_543), joined(720, 1270, 9_000_000), joined(696, 1238, 8_000_000), joined(480, 854, 4_000_000), joined(478, 850, 3_900_000), joined(360, 640, 2_000_000)]);
    expect(texts(item)).toEqual(['Full HD 1080p · ≈ 27 MB', 'HD 720p · 9.9 MB', 'Small 696p · ≈ 8.0 MB', 'Small 480p · ≈ 4.0 MB', 'Small 478p · ≈ 3.9 MB', 'Small 360p · ≈ 2.0 MB', 'Sound only']);
    expect(bestNote(downloadChoices(item, t('en'))[0]!, t('en'), 'en')).toBe('Full HD 1080p · ≈ 27 MB · approximate size');
  });

  it('say where a file has no sound: a silent video, or a joined track with no sound to join', () => {
    const silent = reel([file(720, 1280, 1_000_000), file(480, 854, 500_000)], { silent: true });
    delete silent.audioUrl;
    expect(texts(silent)).toEqual(['HD 720p · no sound · 1.0 MB', 'Small 480p · no sound · 500 kB']);
    const noTrack = reel([joined(1080, 1920, 5_000_000), file(720, 1280, 2_000_000)]);
    delete noTrack.audioUrl;
    expect(texts(noTrack)).toEqual(['Full HD 1080p · no sound · ≈ 5.0 MB', 'HD 720p · 2.0 MB']);
  });

  it('keep the one with sound when two of one name differ only by it, and one choice per file', () => {
    const item = reel([joined(720, 1280, 3_000_000), file(720, 1276, 2_900_000), file(720, 1276, 2_900_000)]);
    delete item.audioUrl;
    expect(texts(item)).toEqual(['HD 720p · 2.9 MB']);
  });

  it('tell photos by their pixels, and a file of unknown size by its kind', () => {
    const photo: MediaItem = { type: 'image', width: 1080, height: 1350, previewUrl: '/p', mediaUrl: '/m', downloadUrl: '/d', filename: 'a.jpg', bytes: 61_000 };
    expect(texts(photo)).toEqual(['1080 × 1350 px · 61 kB']);
    expect(texts({ type: 'video', previewUrl: '/p', mediaUrl: '/m', downloadUrl: '/d', filename: 'a.mp4' })).toEqual(['Video']);
  });

  it('are written in the page language', () => {
    const item = reel([joined(1080, 1920, 28_412_345), file(720, 1280, 4_250_000), joined(480, 854, 1_000_000)]);
    expect(texts(item, 'fr')).toEqual(['Full HD 1080p · ≈ 28\u202fMo', 'HD 720p · 4,3\u202fMo', 'Petite 480p · ≈ 1,0\u202fMo', 'Son seul']);
    expect(texts(item, 'ja')).toEqual(['フルHD 1080p · 約 28 MB', 'HD 720p · 4.3 MB', '小 480p · 約 1.0 MB', '音声のみ']);
  });
});

describe('download sizes', () => {
  it('say nothing when the size is unknown, and say an estimate is one', () => {
    expect(sizeText({}, t('en'), 'en')).toBe('');
    expect(sizeNote({ approxBytes: 27_300_000 }, t('en'), 'en')).toBe('≈ 27 MB · approximate size');
    expect(sizeNote({ bytes: 9_876_543 }, t('en'), 'en')).toBe('9.9 MB');
  });
});
