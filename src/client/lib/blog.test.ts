import { describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../../shared/blog-posts.ts';
import { blogListView, type BlogListEntry } from './blog-list.ts';
import { formatDate, parseFrontMatter, readBlogPost, renderMarkdown } from './blog.server.ts';

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
    { slug: 'how-to-add-music-to-instagram-story', date: '2024-03-10', dateText: 'x' },
    { slug: 'instagram-hashtag-strategy-for-2024', date: '2024-03-08', dateText: 'y', title: 'Hashtags', excerpt: 'About tags' },
  ];

  it('lists only the posts with a title in the language', () => {
    const view = blogListView(entries);
    expect(view.notice).toBe(false);
    expect(view.posts.map((p) => p.title)).toEqual(['Hashtags']);
  });

  it('lists all posts with title-cased slugs and a notice when none is translated', () => {
    const view = blogListView(entries.map((e) => ({ ...e, title: undefined, excerpt: undefined })));
    expect(view.notice).toBe(true);
    expect(view.posts.map((p) => p.title)).toEqual(['How To Add Music To Instagram Story', 'Instagram Hashtag Strategy For 2024']);
  });
});
