/** sitemap.xml with every canonical page in every language and its hreflang alternates; robots.txt naming it. */
import { LANGUAGE_CODES } from '../../shared/language-codes.ts';
import { canonicalPagePaths, localizePath } from '../../shared/routes.ts';
import { buildSeoLinks } from '../../shared/seo.ts';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(origin: string): string {
  const entries: string[] = [];
  for (const path of canonicalPagePaths()) {
    for (const lang of LANGUAGE_CODES) {
      const links = buildSeoLinks(origin, localizePath(lang, path));
      const alternates = links.alternates
        .map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
        .join('\n');
      entries.push(`  <url>\n    <loc>${escapeXml(links.canonical)}</loc>\n${alternates}\n  </url>`);
    }
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    entries.join('\n') +
    '\n</urlset>\n'
  );
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin.replace(/\/+$/, '')}/sitemap.xml\n`;
}
