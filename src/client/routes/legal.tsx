import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData, useLocation } from 'react-router';
import { splitLanguage } from '../../shared/paths.ts';
import { RecentSwitch } from '../components/RecentSwitch.tsx';
import { TextSections } from '../components/TextSections.tsx';
import { formatDate } from '../lib/blog.server.ts';
import { readLocale } from '../lib/content.server.ts';
import type { LegalContent } from '../lib/content-types.ts';
import { headOf } from '../lib/page-head.ts';
import { pageHead, pageTexts } from '../lib/page-head.server.ts';

/** "3. Cookies and local storage" in every language's privacy policy (content/locales/{lang}/legal.json). */
const PRIVACY_STORAGE_SECTION = 2;

const documentOf = (pathname: string) => (splitLanguage(pathname).path === '/privacy' ? 'privacy' : 'terms');

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  const { lang } = splitLanguage(pathname);
  const doc = documentOf(pathname);
  const document = readLocale<LegalContent>(lang, 'legal')[doc];
  const head = pageHead(request, { ...pageTexts(lang, doc), canonical: `/${doc}` });
  // Dated by its last change (content/locales/{lang}/legal.json's `updated`), in the page's language.
  return { document, lastUpdated: document.lastUpdated.replace('{{date}}', formatDate(document.updated, lang) ?? document.updated), head };
}

export const meta = headOf;

export default function LegalRoute() {
  const { document, lastUpdated } = useLoaderData<typeof loader>();
  const privacy = documentOf(useLocation().pathname) === 'privacy';
  return (
    <div className="py-12">
      <div className="mx-auto max-w-3xl px-4">
        <h1 className="text-3xl font-extrabold sm:text-4xl">{document.title}</h1>
        <p className="mt-2 text-slate-600">
          <time dateTime={document.updated}>{lastUpdated}</time>
        </p>
        <p className="mt-6 leading-7 text-slate-700">{document.intro}</p>
      </div>
      {/* The recent lookups' switch sits under the privacy policy's section on local storage, which names it. */}
      <TextSections sections={document.sections} after={privacy ? { [PRIVACY_STORAGE_SECTION]: <RecentSwitch /> } : undefined} />
    </div>
  );
}
