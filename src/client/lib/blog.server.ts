/**
 * Blog posts from content/blog/{slug}/{lang}.md: front matter (title, excerpt, date) and a Markdown body
 * rendered to HTML at build time with raw HTML disabled (so any HTML in a post is shown escaped).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { BLOG_POSTS } from '../../shared/blog-posts.ts';
import type { Language } from '../../shared/language-codes.ts';
import { CONTENT_DIR } from './content.server.ts';
import { numberLocale } from './number-locale.ts';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

export interface BlogFrontMatter {
  title?: string;
  excerpt?: string;
  date?: string;
}

export interface BlogPost extends BlogFrontMatter {
  slug: string;
  /** The body as HTML, absent when the language has no translation. */
  html?: string;
}

export function parseFrontMatter(source: string): { data: BlogFrontMatter; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { data: {}, body: source };
  const data: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const kv = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (kv) data[kv[1]!] = kv[2]!.trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return { data, body: source.slice(match[0].length) };
}

export function renderMarkdown(body: string): string {
  return markdown.render(body);
}

export function blogFile(slug: string, lang: Language): string {
  return path.join(CONTENT_DIR, 'blog', slug, `${lang}.md`);
}

export function readBlogPost(slug: string, lang: Language): BlogPost {
  const file = blogFile(slug, lang);
  const ref = BLOG_POSTS.find((p) => p.slug === slug);
  if (!existsSync(file)) return { slug, date: ref?.date };
  const { data, body } = parseFrontMatter(readFileSync(file, 'utf8'));
  return { slug, ...data, date: data.date ?? ref?.date, html: body.trim() ? renderMarkdown(body) : undefined };
}

export function formatDate(date: string | undefined, lang: Language): string | undefined {
  if (!date) return undefined;
  const parsed = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(numberLocale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(parsed);
}
