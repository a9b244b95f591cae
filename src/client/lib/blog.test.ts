import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { BLOG_POSTS, ESSENTIAL_POST_SLUGS } from '../../shared/blog-posts.ts';
import { LANGUAGE_CODES, type Language } from '../../shared/language-codes.ts';
import { blogListView, type BlogListEntry } from './blog-list.ts';
import { blogFile, formatDate, parseFrontMatter, readBlogPost, renderMarkdown } from './blog.server.ts';

describe('Markdown rendering', () => {
  it('renders headings, numbered and bullet lists', () => {
    const html = renderMarkdown('## Steps\n\n1. Copy the link\n2. Paste it\n\n- one\n- two\n');
    expect(html).toContain('<h2>Steps</h2>');
    expect(html).toMatch(/<ol>\s*<li>Copy the link<\/li>\s*<li>Paste it<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<ul>\s*<li>one<\/li>/);
  });

  it('escapes raw HTML instead of passing it through', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror=alert(1)>\n\n<div>block</div>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<div>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('refuses javascript: links', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('href="javascript:');
  });
});

describe('front matter', () => {
  it('reads title, excerpt and date, and returns the body', () => {
    const { data, body } = parseFrontMatter('---\ntitle: A "quoted" title\nexcerpt: Short.\ndate: 2024-03-15\n---\n\n## Body\n');
    expect(data).toEqual({ title: 'A "quoted" title', excerpt: 'Short.', date: '2024-03-15' });
    expect(body.trim()).toBe('## Body');
  });

  it('treats a file without front matter as all body', () => {
    expect(parseFrontMatter('# Only body')).toEqual({ data: {}, body: '# Only body' });
  });
});

describe('blog posts on disk', () => {
  it('reads a translated post with its rendered body', () => {
    const post = readBlogPost(BLOG_POSTS[0]!.slug, 'fr');
    expect(post.title).toBeTruthy();
    expect(post.html).toContain('<h2>');
  });

  it('gives only the slug and date for a missing translation', () => {
    const unlisted = BLOG_POSTS.find((p) => !p.listed)!;
    const post = readBlogPost(unlisted.slug, 'ko');
    expect(post).toEqual({ slug: unlisted.slug, date: unlisted.date });
  });

  it('formats dates for the language', () => {
    expect(formatDate('2024-03-15', 'en')).toBe('March 15, 2024');
    expect(formatDate('2024-03-15', 'de')).toBe('15. März 2024');
    expect(formatDate('2024-03-15', 'ja')).toBe('2024年3月15日');
  });
});

describe('blog list rules (spec §2)', () => {
  const entries: BlogListEntry[] = [
    { slug: 'how-to-add-music-to-instagram-story', date: '2024-03-10', dateText: 'x', listed: true },
    { slug: 'instagram-hashtag-strategy-for-2024', date: '2024-03-08', dateText: 'y', listed: true, title: 'Hashtags', excerpt: 'About tags' },
    { slug: 'instagram-profile-picture-downloader-guide', date: '2024-04-15', dateText: 'z', listed: false, title: 'Profile pictures' },
  ];

  it('lists the listed posts with a title in the language, filled up to the list’s length by further translated posts', () => {
    const view = blogListView(entries);
    expect(view.notice).toBe(false);
    // Newest first (issue 37 point 13): the further post of April before the listed one of March.
    expect(view.posts.map((p) => p.title)).toEqual(['Profile pictures', 'Hashtags']);
  });

  it('lists all posts with title-cased slugs and a notice when none is translated', () => {
    const view = blogListView(entries.filter((e) => e.listed).map((e) => ({ ...e, title: undefined, excerpt: undefined })));
    expect(view.notice).toBe(true);
    expect(view.posts.map((p) => p.title)).toEqual(['How To Add Music To Instagram Story', 'Instagram Hashtag Strategy For 2024']);
  });
});

describe('the blog list of each language, from the posts on disk', () => {
  const listOf = (lang: Language) =>
    blogListView(BLOG_POSTS.map((ref) => ({ ...readBlogPost(ref.slug, lang), ...ref, dateText: ref.date }))).posts.map((p) => p.slug);
  const translated = (lang: Language) => BLOG_POSTS.filter((ref) => existsSync(blogFile(ref.slug, lang))).map((ref) => ref.slug);
  const listedCount = BLOG_POSTS.filter((p) => p.listed).length;

  it('is the spec’s ten in English, and no further post', () => {
    expect(listOf('en')).toEqual(BLOG_POSTS.filter((p) => p.listed).map((p) => p.slug));
  });

  it('is newest first in every language, by the dates its posts carry', () => {
    for (const lang of LANGUAGE_CODES) {
      const dates = blogListView(BLOG_POSTS.map((ref) => ({ ...ref, ...readBlogPost(ref.slug, lang), dateText: '' }))).posts.map((p) => p.date);
      expect(dates, lang).toEqual([...dates].sort().reverse());
    }
  });

  it('holds every post a language has, up to ten', () => {
    for (const lang of LANGUAGE_CODES) {
      const list = listOf(lang);
      expect(list.length, lang).toBe(Math.min(listedCount, translated(lang).length));
      expect(new Set(list).size, lang).toBe(list.length);
      for (const slug of list) expect(translated(lang), lang).toContain(slug);
    }
    // Arabic has the three essential guides, one of them on the spec's list.
    expect(listOf('ar')).toEqual([...ESSENTIAL_POST_SLUGS]);
  });
});
