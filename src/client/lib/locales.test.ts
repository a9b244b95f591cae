/**
 * Content completeness across the 22 languages: every key of English exists in every language
 * (with that language's plural forms), nothing is left in English, every FAQ has its entries,
 * and the blog has every post it must have: the first eleven languages every listed post, the others
 * at least the three essential ones (the blog list then shows what is translated, spec §2).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BLOG_POSTS, ESSENTIAL_POST_SLUGS } from '../../shared/blog-posts.ts';
import { LANGUAGE_CODES, type Language } from '../../shared/language-codes.ts';
import { TOOL_IDS } from '../../shared/tools.ts';
import { blogFile, parseFrontMatter } from './blog.server.ts';
import { localePath, type Namespace } from './content.server.ts';
import type { HomeContent, LegalContent, ToolsContent } from './content-types.ts';

const NAMESPACES: Namespace[] = ['common', 'home', 'tools', 'legal'];
const PLURAL = /_(zero|one|two|few|many|other)$/;
const OTHERS = LANGUAGE_CODES.filter((l) => l !== 'en');
/** The languages the site started with, whose blogs have every listed post. */
const FULL_BLOG: readonly Language[] = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'ja', 'ko', 'zh', 'hi'];

const read = <T>(lang: Language, ns: Namespace): T => JSON.parse(readFileSync(localePath(lang, ns), 'utf8')) as T;

/** Leaf strings by dotted path (array items by index). */
function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === 'string') out.set(prefix, node);
  else if (Array.isArray(node)) node.forEach((v, i) => leaves(v, `${prefix}[${i}]`).forEach((s, k) => out.set(k, s)));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k).forEach((s, key) => out.set(key, s));
  }
  return out;
}

/** Words that are the same in every language: names, formats, placeholders. */
const UNTRANSLATABLE = /\{\{\w+\}\}|\b(Gramsave|Instagram|Threads|IGTV|Meta|Platforms|Inc|Reels?|Video|ZIP|MP4|JPG|M4A|Full HD|HD|URL|FAQ|Blog|E-?mail|px|iPhone|Android|Safari|Chrome|TikTok|DM)\b/gi;
function hasTranslatableWords(value: string): boolean {
  return /[A-Za-z]{3,}/.test(value.replace(UNTRANSLATABLE, ''));
}

describe.each(OTHERS)('locale %s', (lang) => {
  it.each(NAMESPACES)('has every %s key of English, with its plural forms', (ns) => {
    expect(existsSync(localePath(lang, ns)), `${lang}/${ns}.json exists`).toBe(true);
    const en = [...leaves(read('en', ns)).keys()];
    const other = [...leaves(read(lang, ns)).keys()];
    const stem = (k: string) => k.replace(PLURAL, '');
    expect(new Set(other.map(stem))).toEqual(new Set(en.map(stem)));
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const pluralStem of new Set(en.filter((k) => PLURAL.test(k)).map(stem))) {
      for (const category of categories) expect(other, `${ns} ${pluralStem}_${category}`).toContain(`${pluralStem}_${category}`);
    }
  });

  it.each(NAMESPACES)('leaves nothing of %s in English', (ns) => {
    const en = leaves(read('en', ns));
    const untranslated = [...leaves(read(lang, ns))].filter(([key, value]) => {
      const english = en.get(key) ?? en.get(key.replace(PLURAL, '_other'));
      // `tool` fields are ids, not text.
      return english === value && !key.endsWith('.tool') && hasTranslatableWords(value);
    });
    expect(untranslated.map(([k]) => k)).toEqual([]);
  });

  it('keeps every placeholder of the English strings', () => {
    const en = leaves(read('en', 'common'));
    for (const [key, value] of leaves(read(lang, 'common'))) {
      const english = en.get(key) ?? en.get(key.replace(PLURAL, '_other')) ?? '';
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(value), key).toEqual(names(english));
    }
  });
});

describe.each(LANGUAGE_CODES)('content of %s', (lang) => {
  it('has a home page with 11 FAQ entries (one on @username and many links, issue 37 point 7), 6 tiles, 6 features and 3 steps', () => {
    const home = read<HomeContent>(lang, 'home');
    expect(home.faq).toHaveLength(11);
    expect(home.faq[2]!.a).toContain('@');
    expect(home.tip).toContain('@');
    expect(home.tiles.map((t) => t.tool)).toEqual([...TOOL_IDS]);
    expect(home.features.items).toHaveLength(6);
    expect(home.howTo.steps).toHaveLength(3);
    for (const entry of home.faq) expect(entry.q.length * entry.a.length).toBeGreaterThan(0);
  });

  it('has every tool page with copy and a 5-question FAQ', () => {
    const tools = read<ToolsContent>(lang, 'tools');
    for (const id of TOOL_IDS) {
      expect(tools[id].headline.length, id).toBeGreaterThan(0);
      expect(tools[id].intro.length, id).toBeGreaterThan(0);
      expect(tools[id].sections.length, id).toBeGreaterThanOrEqual(2);
      expect(tools[id].faq, id).toHaveLength(5);
    }
  });

  it('has terms and privacy with every section', () => {
    const legal = read<LegalContent>(lang, 'legal');
    expect(legal.terms.sections.length).toBeGreaterThanOrEqual(10);
    expect(legal.privacy.sections.length).toBeGreaterThanOrEqual(6);
  });

  const required = BLOG_POSTS.filter((p) => (FULL_BLOG.includes(lang) ? p.listed : ESSENTIAL_POST_SLUGS.includes(p.slug)));
  it.each(required.map((p) => p.slug))('has the blog post %s translated, with title, excerpt, date and body', (slug) => {
    const post = BLOG_POSTS.find((p) => p.slug === slug)!;
    const file = blogFile(slug, lang);
    expect(existsSync(file), file).toBe(true);
    const { data, body } = parseFrontMatter(readFileSync(file, 'utf8'));
    expect(data.title, file).toBeTruthy();
    expect(data.excerpt, file).toBeTruthy();
    expect(data.date, file).toBe(post.date);
    expect(body).toMatch(/^## /m);
    expect(body).toMatch(/^1\. /m);
  });

  it.skipIf(lang === 'en' || FULL_BLOG.includes(lang))('has the essential posts as full articles of its own, not English copies', () => {
    for (const slug of ESSENTIAL_POST_SLUGS) {
      const { body } = parseFrontMatter(readFileSync(blogFile(slug, lang), 'utf8'));
      const english = parseFrontMatter(readFileSync(blogFile(slug, 'en'), 'utf8')).body;
      // Characters, not words: Thai writes no spaces between words.
      expect(body.length, slug).toBeGreaterThan(english.length / 3);
      const englishLines = new Set(english.split('\n').filter((line) => /[A-Za-z]{3,}.*\s.*[A-Za-z]{3,}/.test(line)));
      expect(body.split('\n').filter((line) => englishLines.has(line)), slug).toEqual([]);
    }
  });
});

describe('English blog', () => {
  it.each(BLOG_POSTS.map((p) => p.slug))('%s is a substantial article with headings and numbered lists', (slug) => {
    const { data, body } = parseFrontMatter(readFileSync(blogFile(slug, 'en'), 'utf8'));
    expect(data.title).toBeTruthy();
    expect(body.split(/\s+/).filter(Boolean).length).toBeGreaterThanOrEqual(600);
    expect(body).toMatch(/^## /m);
    expect(body).toMatch(/^1\. /m);
    expect(body).not.toMatch(/<[a-z][^>]*>/i);
  });
});
