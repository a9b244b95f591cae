/**
 * MISSING.txt's words in every language the site speaks: the heading and each reason a batch or profile ZIP can
 * write, present and translated (not the English left in place), and a page's message key read by its group.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../shared/language-codes.ts';
import { ApiError } from '../../errors/api-error.ts';
import { BATCH_REASONS, messageText, missingWords } from './missing-words.ts';

const codes = Object.keys(BATCH_REASONS) as (keyof typeof BATCH_REASONS)[];
/** The keys the batch page sends for the rows it gave up on or never reached (batch-queue.ts). */
const PAGE_KEYS = ['batch.skipped', 'batch.missingLimited', 'batch.missingPending', 'batch.gaveUp', 'batch.gaveUpInstance'];

describe('missing-words', () => {
  const english = missingWords('en', BATCH_REASONS)!;
  for (const lang of LANGUAGE_CODES.filter((l) => l !== 'en')) {
    it(`${lang}: the heading, every batch and profile reason and the page's keys, translated`, () => {
      const words = missingWords(lang, BATCH_REASONS)!;
      expect(words.heading.trim()).not.toBe('');
      expect(words.heading).not.toBe(english.heading);
      for (const code of codes) {
        const reason = words.reason(new ApiError(code, 'English'));
        expect(reason, code).not.toBe('English');
        expect(reason, code).not.toBe(english.reason(new ApiError(code, 'English')));
      }
      // A profile's ZIP words its own reasons (an item gone, the cap, a private account, no session).
      const profile = missingWords(lang)!;
      const englishProfile = missingWords('en')!;
      for (const code of ['not_found', 'private', 'login_required', 'payload_too_large', 'upstream_unavailable'] as const) {
        expect(profile.reason(new ApiError(code, 'English')), code).not.toBe(englishProfile.reason(new ApiError(code, 'English')));
      }
      for (const key of PAGE_KEYS) {
        expect(messageText(lang, key), key).toBeTruthy();
        expect(messageText(lang, key), key).not.toBe(messageText('en', key));
      }
    });
  }

  it('names who rate-limited: this site’s own limit is not said to be Instagram’s', () => {
    const fr = missingWords('fr', BATCH_REASONS)!;
    const instance = fr.reason(new ApiError('rate_limited', 'x', { source: 'instance' }));
    expect(instance).toBe(messageText('fr', 'errors.rateLimitedInstance'));
    expect(fr.reason(new ApiError('rate_limited', 'x', { source: 'instagram' }))).toBe(messageText('fr', 'errors.rateLimitedInstagram'));
    expect(fr.reason(new ApiError('rate_limited', 'x', { source: 'threads' }))).toBe(messageText('fr', 'errors.rateLimitedThreads'));
  });

  it('reads only a plain message: no unknown key, nothing needing values, English without a language', () => {
    expect(messageText(undefined, 'batch.skipped')).toBe('Skipped');
    expect(messageText('fr', 'batch.nothing')).toBeUndefined();
    expect(messageText('fr', 'batch.heading')).toBeUndefined(); // "Your links ({{count}})"
    expect(messageText('fr', 'batch')).toBeUndefined();
  });
});
