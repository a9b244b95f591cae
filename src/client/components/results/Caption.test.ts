/** The caption is shown in the results (issue 37 point 15: it was only copied), shortened with "Show more". */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Resolution } from '../../../shared/api.ts';
import type { Language } from '../../../shared/language-codes.ts';
import { formById } from '../../../shared/tools.ts';
import { createTranslator, TranslatorProvider, type Strings } from '../../lib/translator.ts';
import { Results } from './Results.tsx';

const post = (caption?: string): Resolution => ({
  kind: 'post',
  service: 'instagram',
  sourceUrl: 'https://www.instagram.com/p/ABC/',
  author: { username: 'someone' },
  ...(caption ? { caption } : {}),
  items: [{ type: 'image', previewUrl: '/api/v1/media/a.b', mediaUrl: '/api/v1/media/a.b', downloadUrl: '/api/v1/media/a.b?download=1', filename: 'someone-ABC.jpg' }],
});

const render = (lang: Language, resolution: Resolution) => {
  const strings = JSON.parse(readFileSync(`content/locales/${lang}/common.json`, 'utf8')) as Strings;
  const results = createElement(Results, { form: formById('photo'), resolution, refresh: async () => null });
  return renderToStaticMarkup(createElement(MemoryRouter, null, createElement(TranslatorProvider, { translator: createTranslator(lang, strings), children: results })));
};

describe('the results’ caption', () => {
  it('shows a short caption whole, in its own direction, with no button', () => {
    const html = render('en', post('Sunset at the pier 🌅'));
    expect(html).toContain('<p id="');
    expect(html).toMatch(/dir="auto"[^>]*>Sunset at the pier 🌅<\/p>/);
    expect(html).not.toContain('aria-expanded');
  });

  it('shows a long one shortened, with Show more in the page’s language', () => {
    const long = `${'Golden hour on the coast, '.repeat(12)}#travel`;
    const html = render('fr', post(long));
    expect(html).toMatch(/>Golden hour on the coast, [^<]*…<\/p>/);
    expect(html).not.toContain('#travel');
    expect(html).toMatch(/<button type="button" aria-expanded="false" aria-controls="[^"]+"[^>]*>Afficher plus<\/button>/);
  });

  it('shows nothing when the post has no caption', () => {
    expect(render('en', post())).not.toContain('data-testid="caption"');
  });
});
