import { describe, expect, it } from 'vitest';
import en from '../../../content/locales/en/common.json';
import fr from '../../../content/locales/fr/common.json';
import ja from '../../../content/locales/ja/common.json';
import type { MediaQuality } from '../../shared/api.ts';
import { bestQuality, qualityOptionText, sizeNote, sizeText } from './quality-option.ts';
import { createTranslator } from './translator.ts';

const joined = (width: number, height: number, approxBytes: number): MediaQuality => ({
  label: `${width}×${height}`,
  width,
  height,
  mediaUrl: '/api/v1/mux/x?inline=1',
  downloadUrl: '/api/v1/mux/x',
  filename: `a-B-${width}p.mp4`,
  muxed: true,
  approxBytes,
});
const file = (width: number, height: number, bytes?: number): MediaQuality => ({
  label: `${width}×${height}`,
  width,
  height,
  mediaUrl: '/api/v1/media/x',
  downloadUrl: '/api/v1/media/x?download=1',
  filename: `a-B-${width}p.mp4`,
  ...(bytes ? { bytes } : {}),
});
const t = (lang: 'en' | 'fr' | 'ja') => createTranslator(lang, { en, fr, ja }[lang]).t;

describe('quality options', () => {
  it('call one option best, the largest, however many are joined', () => {
    const qualities = [joined(1080, 1920, 27_000_000), file(720, 1280, 9_876_543), joined(480, 854, 4_000_000), joined(240, 426, 1_000_000)];
    const texts = qualities.map((q) => qualityOptionText(q, q === bestQuality(qualities), t('en'), 'en'));
    expect(texts).toEqual([
      '1080×1920 · best · video and sound joined · ≈ 27 MB',
      '720×1280 · 9.9 MB',
      '480×854 · video and sound joined · ≈ 4.0 MB',
      '240×426 · video and sound joined · ≈ 1.0 MB',
    ]);
    expect(texts.filter((text) => text.includes('best'))).toHaveLength(1);
    expect(bestQuality([file(720, 1280), joined(1080, 1920, 1)]).width).toBe(1080);
  });

  it('are written in the page language', () => {
    const best = joined(1080, 1920, 28_412_345);
    expect(qualityOptionText(best, true, t('fr'), 'fr')).toBe('1080×1920 · la meilleure · vidéo et son réunis · ≈ 28\u202fMo');
    expect(qualityOptionText(best, true, t('ja'), 'ja')).toBe('1080×1920 · 最高画質 · 映像と音声を結合 · 約 28 MB');
    expect(qualityOptionText(file(720, 1280, 4_250_000), false, t('fr'), 'fr')).toBe('720×1280 · 4,3\u202fMo');
  });

  it('say nothing of size when it is unknown, and say an estimate is one', () => {
    expect(qualityOptionText(file(720, 1280), false, t('en'), 'en')).toBe('720×1280');
    expect(sizeText({}, t('en'), 'en')).toBe('');
    expect(sizeNote({ approxBytes: 27_300_000 }, t('en'), 'en')).toBe('≈ 27 MB · approximate size');
    expect(sizeNote({ bytes: 9_876_543 }, t('en'), 'en')).toBe('9.9 MB');
  });
});
