import { describe, expect, it } from 'vitest';
import en from '../../../content/locales/en/common.json';
import fr from '../../../content/locales/fr/common.json';
import ja from '../../../content/locales/ja/common.json';
import { megabytes, qualityOptionText } from './quality-option.ts';
import { createTranslator } from './translator.ts';

const joined = { label: '1080×1920 · Full HD', width: 1080, height: 1920, mediaUrl: '/api/v1/mux/x?inline=1', downloadUrl: '/api/v1/mux/x', filename: 'a-B-1080p.mp4', muxed: true as const, approxBytes: 28_412_345 };

describe('quality option text', () => {
  it('names a joined quality and its estimated size in the page language', () => {
    expect(qualityOptionText(joined, createTranslator('en', en).t, 'en')).toBe('1080×1920 · Full HD · best: video and sound joined · ≈ 28 MB');
    expect(qualityOptionText(joined, createTranslator('fr', fr).t, 'fr')).toBe('1080×1920 · Full HD · meilleure : vidéo et son réunis · ≈ 28 Mo');
    expect(qualityOptionText(joined, createTranslator('ja', ja).t, 'ja')).toContain('約 28 MB');
  });

  it('says nothing of size when the source does not state it', () => {
    const plain = { label: '720×1280 · HD', width: 720, height: 1280, mediaUrl: '/api/v1/media/x', downloadUrl: '/api/v1/media/x?download=1', filename: 'a-B-720p.mp4' };
    expect(qualityOptionText(plain, createTranslator('en', en).t, 'en')).toBe('720×1280 · HD');
  });

  it('keeps one decimal for small files, in the language’s decimal mark', () => {
    expect(megabytes(4_250_000, 'en')).toBe('4.3');
    expect(megabytes(4_250_000, 'de')).toBe('4,3');
    expect(megabytes(12_000, 'en')).toBe('0.1');
    expect(megabytes(123_456_789, 'en')).toBe('123');
  });
});
