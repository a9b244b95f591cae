import { useTranslation } from '../lib/translator.ts';
import type { LoaderFunctionArgs } from 'react-router';
import { Link, useLoaderData } from 'react-router';
import { BLOG_POSTS } from '../../shared/blog-posts.ts';
import { localizePath, splitLanguage } from '../../shared/paths.ts';
import { formatDate, readBlogPost } from '../lib/blog.server.ts';
import { blogListView } from '../lib/blog-list.ts';
import { headOf } from '../lib/page-head.ts';
import { pageHead, pageTexts } from '../lib/page-head.server.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const { lang } = splitLanguage(new URL(request.url).pathname);
  const entries = BLOG_POSTS.map((ref) => {
    const post = readBlogPost(ref.slug, lang);
    const date = post.date ?? ref.date;
    return { slug: ref.slug, date, dateText: formatDate(date, lang) ?? date, listed: ref.listed, title: post.title, excerpt: post.excerpt };
  });
  return { lang, ...blogListView(entries), head: pageHead(request, { ...pageTexts(lang, 'blog'), canonical: '/blog' }) };
}

export const meta = headOf;

export default function BlogRoute() {
  const { t } = useTranslation();
  const { lang, posts, notice } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-extrabold sm:text-4xl">{t('blog.title')}</h1>
      <p className="mt-2 text-lg text-slate-700">{t('blog.subtitle')}</p>
      {notice && <p role="note" className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900">{t('blog.someNotAvailable')}</p>}
      <ul className="mt-8 grid gap-6 sm:grid-cols-2">
        {posts.map((post) => (
          <li key={post.slug} className="flex flex-col rounded-xl border border-slate-200 p-5">
            <time dateTime={post.date} className="text-sm text-slate-600">{post.dateText}</time>
            <h2 className="mt-1 text-xl font-bold">
              {/* Fallback titles are the English slug: marked so screen readers use an English voice. */}
              <Link to={localizePath(lang, `/blog/${post.slug}`)} className="hover:underline" lang={notice ? 'en' : undefined}>{post.title}</Link>
            </h2>
            {post.excerpt && <p className="mt-2 flex-1 text-slate-700">{post.excerpt}</p>}
            <Link to={localizePath(lang, `/blog/${post.slug}`)} className="mt-3 inline-flex min-h-11 items-center font-medium text-brand-800 underline" aria-label={`${t('blog.readMore')}: ${post.title}`}>
              {t('blog.readMore')}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
