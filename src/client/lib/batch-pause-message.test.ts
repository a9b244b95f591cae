import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../shared/language-codes.ts';
import { readLocale } from './content.server.ts';
import { batchPauseMessage } from './batch-pause-message.ts';
import { createTranslator, type Strings } from './translator.ts';

const translator = (lang: (typeof LANGUAGE_CODES)[number]) => createTranslator(lang, readLocale<Strings>(lang, 'common'));

describe('batchPauseMessage', () => {
  it('names who asked for the wait: this site, or nobody when the answer did not say', () => {
    const { t } = translator('en');
    expect(batchPauseMessage(t, 'instance', 80)).toBe('Too many requests from your connection to this site. Continuing in 80 s…');
    expect(batchPauseMessage(t, null, 80)).toBe('Waiting for the rate limit to pass. Continuing in 80 s…');
  });

  it('is translated, with the countdown, in every language', () => {
    for (const lang of LANGUAGE_CODES) {
      const { t } = translator(lang);
      for (const source of ['instance', null] as const) {
        const message = batchPauseMessage(t, source, 42);
        // The translator writes numbers in the language's digits (Persian's ۴۲).
        expect(message, `${lang} ${source}`).toContain(new Intl.NumberFormat(lang).format(42));
        expect(message, `${lang} ${source}`).not.toMatch(/batch\.|errors\.|\{\{/);
      }
      if (lang !== 'en') expect(batchPauseMessage(t, 'instance', 42)).not.toBe(batchPauseMessage(translator('en').t, 'instance', 42));
    }
  });
});
