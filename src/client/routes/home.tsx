import type { LoaderFunctionArgs, MetaArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { splitLanguage } from '../../shared/routes.ts';
import { HomePage } from '../pages/HomePage.tsx';
import { readLocale } from '../lib/content.server.ts';
import type { HomeContent } from '../lib/content-types.ts';
import { commonString, rootDataOf } from '../lib/root-data.ts';
import { pageMeta } from '../lib/seo.ts';
import { pathChanged } from '../lib/path-changed.ts';
import { faqPageData, howToData, organizationData, websiteData } from '../lib/structured-data.ts';

/** A lookup in the address (?url=) is no new page: its data stays. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  return pathChanged(args);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { lang } = splitLanguage(new URL(request.url).pathname);
  return { content: readLocale<HomeContent>(lang, 'home') };
}

export function meta({ matches, location, loaderData }: MetaArgs<typeof loader>) {
  const root = rootDataOf(matches);
  const content = loaderData?.content;
  return pageMeta({
    title: commonString(root, 'pages.home.title'),
    description: commonString(root, 'pages.home.description'),
    pathname: location.pathname,
    canonical: '/',
    origin: root.origin, ogLocale: root.ogLocale, ogImage: root.ogImage,
    structuredData: content
      ? [
          websiteData(root.origin, root.origin + location.pathname, root.lang),
          organizationData(root.origin),
          howToData(content.howTo.title, content.howTo.steps),
          faqPageData(content.faq),
        ]
      : [],
  });
}

export default function HomeRoute() {
  const { content } = useLoaderData<typeof loader>();
  return <HomePage content={content} />;
}
