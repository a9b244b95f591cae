/**
 * The site: prerendered pages, static assets, sitemap.xml, robots.txt, redirects and translated 404s.
 * API paths never reach this handler's page logic: unknown /api paths answer a JSON 404.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/language-codes.ts';
import { decidePath, isPlainPath, isSameOriginPath, localizePath, NOT_FOUND_PATH, splitLanguage } from '../../shared/routes.ts';
import type { Config } from '../config.ts';
import { ApiError } from '../errors/api-error.ts';
import { pickEncoding } from './content-encoding.ts';
import { sendApiError } from './errors.ts';
import { instagramAddress } from './instagram-address.ts';
import { readSiteIndex, type PrerenderedPage } from './page-index.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { isVisit, LANGUAGE_VARY, visitorLanguage } from './visitor-language.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML_CACHE = 'public, max-age=0, must-revalidate';
const SERVICE_WORKER = '/sw.js';
const SERVICE_WORKER_CSP = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'";

export interface SiteRouteOptions {
  config: Config;
  /** Tried first on GET|HEAD / (cobalt's instance info, http/cobalt/info.ts): an answer, or undefined for the page. */
  root?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;
}

export const siteRoutes: FastifyPluginAsync<SiteRouteOptions> = async (app, { config, root }) => {
  const site = readSiteIndex(config.buildDir, { ads: Boolean(config.adsClient) });
  if (site.pages.size === 0) app.log.warn({ buildDir: config.buildDir }, 'no prerendered pages found: run npm run build');

  await app.register(fastifyStatic, { root: config.buildDir, serve: false, etag: true, lastModified: true, preCompressed: true, cacheControl: false });

  const sitemap = sitemapXml(config.publicOrigin);
  const robots = robotsTxt(config.publicOrigin);
  app.get('/sitemap.xml', async (_req, reply) => reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(sitemap));
  app.get('/robots.txt', async (_req, reply) => reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots));

  // A 304 carries the same headers as the 200 it revalidates: browsers merge them into the cached page, so a
  // 304 with the API's CSP would block the page's own scripts and styles on every second visit.
  function sendPage(request: FastifyRequest, reply: FastifyReply, page: PrerenderedPage, status = 200) {
    const encoding = pickEncoding(request.headers['accept-encoding'], page.encoded);
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', page.csp)
      .header('Cache-Control', HTML_CACHE)
      .header('ETag', page.etag)
      .header('Vary', varyWith(reply, 'Accept-Encoding'));
    if (status === 200 && etagMatches(request.headers['if-none-match'], page.etag)) {
      reply.removeHeader('Content-Type');
      return reply.code(304).send();
    }
    if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(page.encoded.br);
    if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(page.encoded.gzip);
    return reply.send(page.html);
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      const pathname = decodeURIComponentSafe(request.url.split('?')[0] ?? '/');
      if (pathname === '/api' || pathname.startsWith('/api/')) return noSuchApiRoute(reply);
      const answered = pathname === '/' ? root?.(request, reply) : undefined;
      if (answered) return answered;
      if (pathname.includes('\0') || pathname.includes('..')) {
        return sendApiError(reply, new ApiError('bad_request', 'Bad path.'));
      }
      if (pathname === SERVICE_WORKER && site.files.has(pathname)) {
        // Checked for updates on every visit; its own fetches need a policy that allows our origin.
        reply.header('Cache-Control', 'no-cache').header('Content-Security-Policy', SERVICE_WORKER_CSP);
        return reply.sendFile(pathname.slice(1));
      }
      if (site.files.has(pathname)) {
        reply.header('Cache-Control', pathname.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=3600');
        return reply.sendFile(pathname.slice(1));
      }
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      // `/` answers the visitor's language at once (issue 37 point 6): the saved choice, else Accept-Language.
      if (pathname === '/') {
        reply.header('Vary', varyWith(reply, LANGUAGE_VARY));
        const lang = visitorLanguage(request.headers);
        if (lang && lang !== DEFAULT_LANGUAGE && isVisit(request.headers)) return sendElsewhere(reply, localizePath(lang, '/') + asciiOnly(query));
      }
      const decision = decidePath(pathname);
      if (decision.type === 'redirect' && isSameOriginPath(decision.location)) {
        // The location was decoded: encode it again (a header holds no raw non-Latin-1 or control bytes).
        return reply.redirect(encodeURI(decision.location) + asciiOnly(query), 301);
      }
      if (decision.type === 'page') {
        const page = site.pages.get(localizePath(decision.lang, decision.path));
        // A link arriving in the address (`?url=`, a share) is looked up there: that address is no page to index.
        if (page && LOOKUP_QUERY.test(query)) reply.header('X-Robots-Tag', 'noindex');
        if (page) return sendPage(request, reply, page);
      }
      // An address without a language prefix that is no page of ours speaks the visitor's language.
      const unprefixed = splitLanguage(pathname).lang === DEFAULT_LANGUAGE;
      if (unprefixed) reply.header('Vary', varyWith(reply, LANGUAGE_VARY));
      const lang: Language = decision.type === 'notFound' && unprefixed ? (visitorLanguage(request.headers) ?? DEFAULT_LANGUAGE) : splitLanguage(pathname).lang;
      const instagram = decision.type === 'notFound' && isPlainPath(pathname) ? instagramAddress(splitLanguage(pathname).path, query) : undefined;
      if (instagram) {
        reply.header('X-Robots-Tag', 'noindex');
        return sendElsewhere(reply, `${localizePath(lang, instagram.page)}?url=${encodeURIComponent(instagram.url)}`);
      }
      // The 404 page speaks the language of its address (the app reads it there): a visitor whose language is not
      // English is sent to the same address under their language's prefix, answered 404 there.
      if (decision.type === 'notFound' && unprefixed && lang !== DEFAULT_LANGUAGE && isVisit(request.headers) && isPlainPath(pathname)) {
        return sendElsewhere(reply, encodeURI(localizePath(lang, pathname)) + asciiOnly(query));
      }
      const notFound = site.pages.get(localizePath(lang, NOT_FOUND_PATH));
      if (notFound) return sendPage(request, reply, notFound, 404);
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    },
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return noSuchApiRoute(reply);
    return sendApiError(reply, new ApiError('not_found', 'Not found.'));
  });
};

/**
 * An unknown API path's JSON 404, readable from any origin: a browser client probing for an API (cobalt v7's
 * `GET /api/serverInfo`) reads the answer instead of seeing a network error.
 */
function noSuchApiRoute(reply: FastifyReply): FastifyReply {
  return sendApiError(reply.header('Access-Control-Allow-Origin', '*'), new ApiError('not_found', 'No such API route.'));
}

/** A query that carries a link to look up on arrival (use-lookup.ts, deep-link.ts). */
const LOOKUP_QUERY = /[?&](?:url|u|text|title)=/;

/** An answer that depends on the visitor (their language): a temporary redirect no shared cache keeps. */
function sendElsewhere(reply: FastifyReply, location: string): FastifyReply {
  return reply.header('Cache-Control', 'private, no-cache').redirect(location, 302);
}

/** The reply's Vary with one more entry. */
function varyWith(reply: FastifyReply, more: string): string {
  return reply.hasHeader('vary') ? `${String(reply.getHeader('vary'))}, ${more}` : more;
}

/** A raw query string as it may go into a header: bytes outside printable ASCII percent-encoded. */
function asciiOnly(query: string): string {
  return query.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c));
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** RFC 9110 If-None-Match: `*` or a list of entity tags, compared weakly. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}
