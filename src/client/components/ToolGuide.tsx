import { Link } from 'react-router';
import type { Language } from '../../shared/language-codes.ts';
import { localizePath } from '../../shared/paths.ts';
import { useTranslation } from '../lib/translator.ts';

export interface ToolGuideLink {
  slug: string;
  title: string;
  excerpt?: string;
}

/** The tool's guide on the blog, under its explanations: the post's own title and excerpt in the page's language. */
export function ToolGuide({ lang, guide }: { lang: Language; guide: ToolGuideLink }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="tool-guide" className="mx-auto max-w-3xl px-4 py-4">
      <div className="rounded-xl border border-slate-200 p-5">
        <p id="tool-guide" className="text-sm font-medium text-slate-600">{t('nav.blog')}</p>
        <Link to={localizePath(lang, `/blog/${guide.slug}`)} className="mt-1 inline-flex min-h-11 items-center text-xl font-bold text-brand-800 underline">
          {guide.title}
        </Link>
        {guide.excerpt && <p className="mt-1 text-slate-700">{guide.excerpt}</p>}
      </div>
    </section>
  );
}
