import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { splitLanguage } from '../../shared/paths.ts';
import { HomePage } from '../pages/HomePage.tsx';
import { readLocale } from '../lib/content.server.ts';
import type { HomeContent } from '../lib/content-types.ts';
import { headOf } from '../lib/page-head.ts';
import { pageHead, pageTexts, siteOrigin } from '../lib/page-head.server.ts';
import { pathChanged } from '../lib/path-changed.ts';
import { faqPageData, howToData, organizationData, websiteData } from '../lib/structured-data.ts';

/** A lookup in the address (?url=) is no new page: its data stays. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  return pathChanged(args);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  const { lang } = splitLanguage(pathname);
  const content = readLocale<HomeContent>(lang, 'home');
  const origin = siteOrigin();
  const head = pageHead(request, {
    ...pageTexts(lang, 'home'),
    canonical: '/',
    structuredData: [websiteData(origin, origin + pathname, lang), organizationData(origin), howToData(content.howTo.title, content.howTo.steps), faqPageData(content.faq)],
  });
  return { content, head };
}

export const meta = headOf;

export default function HomeRoute() {
  const { content } = useLoaderData<typeof loader>();
  return <HomePage content={content} />;
}
