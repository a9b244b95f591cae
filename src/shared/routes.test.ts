import { describe, expect, it } from 'vitest';
import { BLOG_SLUGS } from './blog-posts.ts';
import { LANGUAGE_CODES } from './language-codes.ts';
import { allPagePaths, canonicalPagePaths, canonicalPath, decidePath, findPage, homeOrToolKind, isSameOriginPath, localizePath, splitLanguage, switchLanguage } from './routes.ts';
import { TOOLS } from './tools.ts';

describe('route table', () => {
  it('has every page of spec §2', () => {
    const paths = allPagePaths();
    for (const p of ['/', '/video', '/photo', '/story', '/reel', '/blog', '/contact', '/terms', '/privacy']) expect(paths).toContain(p);
    for (const tool of TOOLS) expect(paths).toContain(tool.path);
    for (const slug of BLOG_SLUGS) {
      expect(paths).toContain(`/blog/${slug}`);
      expect(paths).toContain(`/${slug}`);
    }
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('lists only canonical pages for the sitemap', () => {
    const canonical = canonicalPagePaths();
    expect(canonical).toContain('/');
    expect(canonical).not.toContain('/video');
    expect(canonical).not.toContain(`/${BLOG_SLUGS[0]}`);
    expect(canonical).toContain(`/blog/${BLOG_SLUGS[0]}`);
  });

  it('splits and adds language prefixes', () => {
    expect(splitLanguage('/')).toEqual({ lang: 'en', path: '/' });
    expect(splitLanguage('/fr')).toEqual({ lang: 'fr', path: '/' });
    expect(splitLanguage('/ja/blog/x')).toEqual({ lang: 'ja', path: '/blog/x' });
    expect(splitLanguage('/contact')).toEqual({ lang: 'en', path: '/contact' });
    expect(splitLanguage('/xx/contact')).toEqual({ lang: 'en', path: '/xx/contact' });
    expect(localizePath('en', '/contact')).toBe('/contact');
    expect(localizePath('de', '/')).toBe('/de');
    expect(localizePath('de', '/contact')).toBe('/de/contact');
    expect(switchLanguage('/fr/instagram-video-downloader', 'de')).toBe('/de/instagram-video-downloader');
    expect(switchLanguage('/fr/instagram-video-downloader', 'en')).toBe('/instagram-video-downloader');
    expect(switchLanguage('/', 'ko')).toBe('/ko');
  });

  it('answers the site shell’s question (home or tool, and which) as the whole table does', () => {
    for (const path of [...allPagePaths(), '/no/such/page']) {
      const kind = findPage(path)?.kind;
      expect(homeOrToolKind(path), path).toEqual(kind?.page === 'home' || kind?.page === 'tool' ? kind : undefined);
    }
  });

  it('points aliases at their canonical page', () => {
    expect(canonicalPath('fr', '/video')).toBe('/fr');
    expect(canonicalPath('en', `/${BLOG_SLUGS[1]}`)).toBe(`/blog/${BLOG_SLUGS[1]}`);
    expect(canonicalPath('es', '/contact')).toBe('/es/contact');
  });
});

describe('decidePath', () => {
  it('serves every page in every language', () => {
    for (const lang of LANGUAGE_CODES) {
      for (const path of allPagePaths()) {
        expect(decidePath(localizePath(lang, path))).toEqual({ type: 'page', lang, path });
      }
    }
  });

  it('redirects /reels in every language', () => {
    expect(decidePath('/reels')).toEqual({ type: 'redirect', location: '/instagram-reels-downloader' });
    expect(decidePath('/pt/reels')).toEqual({ type: 'redirect', location: '/pt/instagram-reels-downloader' });
  });

  it('sends unknown articles to the blog, and every other unknown address to a 404 (issue 37 point 14)', () => {
    expect(decidePath('/instagram-reel-downloadr')).toEqual({ type: 'notFound', lang: 'en' });
    expect(decidePath('/instagram-reel-downloadr/')).toEqual({ type: 'notFound', lang: 'en' });
    expect(decidePath('/it/whatever')).toEqual({ type: 'notFound', lang: 'it' });
    expect(decidePath('/a/b')).toEqual({ type: 'notFound', lang: 'en' });
    expect(decidePath('/ru/a/b')).toEqual({ type: 'notFound', lang: 'ru' });
    expect(decidePath('/blog/unknown-slug')).toEqual({ type: 'redirect', location: '/blog' });
    expect(decidePath('/ko/blog/unknown-slug')).toEqual({ type: 'redirect', location: '/ko/blog' });
    expect(decidePath('/blog/a/b')).toEqual({ type: 'notFound', lang: 'en' });
    expect(decidePath('/missing.png')).toEqual({ type: 'notFound', lang: 'en' });
  });

  it('normalises trailing slashes and an explicit /en prefix', () => {
    expect(decidePath('/contact/')).toEqual({ type: 'redirect', location: '/contact' });
    expect(decidePath('/en/contact')).toEqual({ type: 'redirect', location: '/contact' });
    expect(decidePath('/en')).toEqual({ type: 'redirect', location: '/' });
  });
});

describe('redirect safety', () => {
  it.each(['//evil.com/', '/en//evil.com', '/\\evil.com/', '/fr/\\\\x', '/a\n/', '/\u007f/'])('%j is a 404, never a redirect', (path) => {
    expect(decidePath(path).type).toBe('notFound');
  });

  it.each([
    ['/', true],
    ['/fr/blog', true],
    ['//evil.com', false],
    ['/\\evil.com', false],
    ['https://evil.com', false],
    ['evil.com', false],
    ['/a\r\nb', false],
  ])('isSameOriginPath(%j) is %s', (location, safe) => {
    expect(isSameOriginPath(location)).toBe(safe);
  });
});

describe('near-miss addresses', () => {
  it.each([
    ['/faq', '/#faq'],
    ['/fr/faq', '/fr#faq'],
    ['/stories', '/instagram-story-download'],
    ['/dp', '/instagram-profile-picture-downloader'],
    ['/download', '/'],
    ['/instagram-reel-downloader', '/instagram-reels-downloader'],
    ['/ja/instagram-stories-downloader', '/ja/instagram-story-download'],
    ['/instagram-video-download', '/instagram-video-downloader'],
  ])('%s goes to %s, not the blog', (from, to) => {
    expect(decidePath(from)).toEqual({ type: 'redirect', location: to });
  });

  it('keeps the spec’s rule that /video shows the home page; other unknown words are not found', () => {
    expect(decidePath('/video').type).toBe('page');
    expect(decidePath('/something-else')).toEqual({ type: 'notFound', lang: 'en' });
  });
});
