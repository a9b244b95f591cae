import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { splitLanguage } from '../../shared/routes.ts';
import { TextSections } from '../components/TextSections.tsx';
import { readLocale } from '../lib/content.server.ts';
import type { LegalContent } from '../lib/content-types.ts';
import { commonString, rootDataOf } from '../lib/root-data.ts';
import { pageMeta } from '../lib/seo.ts';

const documentOf = (pathname: string) => (splitLanguage(pathname).path === '/privacy' ? 'privacy' : 'terms');

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  return { document: readLocale<LegalContent>(splitLanguage(pathname).lang, 'legal')[documentOf(pathname)] };
}

export function meta({ matches, location }: MetaArgs<typeof loader>) {
  const root = rootDataOf(matches);
  const doc = documentOf(location.pathname);
  return pageMeta({ title: commonString(root, `pages.${doc}.title`), description: commonString(root, `pages.${doc}.description`), pathname: location.pathname, canonical: `/${doc}`, origin: root.origin, ogLocale: root.ogLocale });
}

export default function LegalRoute() {
  const { document } = useLoaderData<typeof loader>();
  return (
    <div className="py-12">
      <div className="mx-auto max-w-3xl px-4">
        <h1 className="text-3xl font-extrabold sm:text-4xl">{document.title}</h1>
        <p className="mt-2 text-slate-600">{document.lastUpdated}</p>
        <p className="mt-6 leading-7 text-slate-700">{document.intro}</p>
      </div>
      <TextSections sections={document.sections} />
    </div>
  );
}
