/** Why a section is not shown, in the visitor's language: the no-session notice names the operator's setting. */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/language-codes.ts';
import { createTranslator, TranslatorProvider, type Strings } from '../../lib/translator.ts';
import { SectionNotice } from './SectionNotice.tsx';

const render = (lang: Language, section: Parameters<typeof SectionNotice>[0]['section']) => {
  const strings = JSON.parse(readFileSync(`content/locales/${lang}/common.json`, 'utf8')) as Strings;
  return renderToStaticMarkup(createElement(TranslatorProvider, { translator: createTranslator(lang, strings), children: createElement(SectionNotice, { section }) }));
};

describe('SectionNotice', () => {
  it.each(['en', 'fr', 'ar', 'ja'] as const)('%s: no session says so in the language and names IG_SESSIONID', (lang) => {
    const html = render(lang, { unavailable: 'login_required' });
    expect(html).toContain('IG_SESSIONID');
    expect(html).toContain('data-reason="login_required"');
    if (lang !== 'en') expect(html).not.toContain(render('en', { unavailable: 'login_required' }).replace(/<[^>]+>/g, ''));
  });

  it('private, and rate_limited with the minutes to wait', () => {
    expect(render('en', { unavailable: 'private' })).toContain('This account is private');
    expect(render('en', { unavailable: 'rate_limited', retryAfter: 150 })).toContain('Try again in 3 min.');
    expect(render('de', { unavailable: 'upstream_unavailable' })).toContain('Instagram hat diesen Teil gerade nicht geliefert');
  });
});
