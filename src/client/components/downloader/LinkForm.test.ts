/**
 * The box's hint keeps its order on right-to-left pages (issue 37 point 15): the box reads left to right (a link is
 * never reordered), so an Arabic or Persian hint is isolated right to left as a whole; others are left as they are.
 */
import { readFileSync } from 'node:fs';
import { createElement, createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/language-codes.ts';
import { createTranslator, TranslatorProvider, type Strings } from '../../lib/translator.ts';
import { LinkForm } from './LinkForm.tsx';

function placeholderOf(lang: Language, kind: { profile?: boolean; story?: boolean } = {}): { hint: string; expected: string } {
  const strings = JSON.parse(readFileSync(`content/locales/${lang}/common.json`, 'utf8')) as Strings & { downloader: Record<string, string> };
  const form = createElement(LinkForm, {
    inputId: 'link-home', input: createRef<HTMLTextAreaElement>(), profile: kind.profile ?? false, story: kind.story ?? false,
    link: '', setLink: () => undefined, loading: false, errorKey: null, valid: () => false, listReader: null, submit: () => undefined,
  });
  const html = renderToStaticMarkup(createElement(TranslatorProvider, { translator: createTranslator(lang, strings), children: form }));
  const hint = /placeholder="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return { hint, expected: strings.downloader[kind.profile ? 'profilePlaceholder' : kind.story ? 'storyPlaceholder' : 'placeholder']! };
}

describe('the link box’s hint', () => {
  it.each(['ar', 'fa'] as const)('%s: isolated right to left as a whole, brackets and link inside', (lang) => {
    for (const kind of [{}, { story: true }, { profile: true }]) {
      const { hint, expected } = placeholderOf(lang, kind);
      expect(hint).toBe(`\u2067${expected}\u2069`);
    }
  });

  it.each(['en', 'ja', 'hi'] as const)('%s: as written', (lang) => {
    const { hint, expected } = placeholderOf(lang);
    expect(hint).toBe(expected);
  });
});
