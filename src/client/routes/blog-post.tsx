import { useTranslation } from '../lib/translator.ts';
import type { ClientLoaderFunctionArgs, LoaderFunctionArgs, MetaArgs } from 'react-router';
import { Link, redirect, useLoaderData } from 'react-router';
import { isBlogSlug, titleFromSlug } from '../../shared/blog-posts.ts';
import { localizePath, splitLanguage } from '../../shared/paths.ts';
import { formatDate, readBlogPost } from '../lib/blog.server.ts';
import { headOf } from '../lib/page-head.ts';
import { pageHead, siteOrigin } from '../lib/page-head.server.ts';
import { articleData } from '../lib/structured-data.ts';
import NotFoundRoute, { meta as notFoundMeta } from './not-found.tsx';

export async function loader({ request }: LoaderFunctionArgs) {
  const { lang, path } = splitLanguage(new URL(request.url).pathname);
  const slug = path.split('/').filter(Boolean).pop() ?? '';
  if (!isBlogSlug(slug)) throw redirect(localizePath(lang, '/blog'));
  const post = readBlogPost(slug, lang);
  const title = `${post.title ?? titleFromSlug(slug)} | Gramsave`;
  const description = post.excerpt ?? '';
  // `/blog/x` and its short address `/x` are one article, whose canonical is the former.
  const canonical = `/blog/${slug}`;
  const origin = siteOrigin();
  const head = pageHead(request, {
    title,
    description,
    canonical,
    type: 'article',
    structuredData: post.html ? [articleData({ title: post.title ?? title, description, date: post.date ?? '', url: origin + localizePath(lang, canonical), lang, origin })] : [],
  });
  return { lang, slug, post, dateText: formatDate(post.date, lang), head };
}

/**
 * `/:slug` also matches a mistyped address, which the server answers with the 404 page (issue 37 point 14): that
 * page has no data for this route, so the browser's copy asks none of the server (it has none) and stays the 404
 * page, from hydration (the fallback is that page) to the end.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const slug = splitLanguage(new URL(request.url).pathname).path.split('/').filter(Boolean).pop() ?? '';
  return isBlogSlug(slug) ? await serverLoader<typeof loader>() : null;
}

export const HydrateFallback = NotFoundRoute;

export function meta(args: MetaArgs<typeof loader>) {
  // A mistyped address (clientLoader above) keeps the 404 page's title and noindex.
  if (!isBlogSlug(splitLanguage(args.location.pathname).path.split('/').filter(Boolean).pop() ?? '')) return notFoundMeta(args);
  return headOf(args);
}

export default function BlogPostRoute() {
  const { t } = useTranslation();
  // A mistyped address (clientLoader above): the 404 page.
  const data = useLoaderData<typeof loader>() as Awaited<ReturnType<typeof loader>> | undefined;
  if (!data) return <NotFoundRoute />;
  const { lang, slug, post, dateText } = data;
  const available = Boolean(post.title && post.html);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-extrabold sm:text-4xl" lang={post.title ? undefined : 'en'}>{post.title ?? titleFromSlug(slug)}</h1>
      {dateText && <p className="mt-2 text-slate-600"><time dateTime={post.date}>{dateText}</time></p>}
      {available ? (
        <div className="prose-article mt-8" dangerouslySetInnerHTML={{ __html: post.html! }} />
      ) : (
        <p role="note" className="mt-8 rounded-lg bg-amber-50 p-4 text-amber-900">{t('blog.notAvailable')}</p>
      )}
      <Link to={localizePath(lang, '/blog')} className="mt-10 inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-medium hover:bg-slate-50">
        {/* An arrow pointing back: toward the start of the line, so it turns on right-to-left pages. */}
        <span aria-hidden="true" className="me-1 inline-block rtl:-scale-x-100">←</span>
        {t('blog.backToBlog')}
      </Link>
    </article>
  );
}
