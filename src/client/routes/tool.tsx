import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { homeOrToolKind, splitLanguage } from '../../shared/paths.ts';
import type { Language } from '../../shared/language-codes.ts';
import { TOOL_GUIDES } from '../../shared/tool-guides.ts';
import { toolById, type ToolId } from '../../shared/tools.ts';
import { ToolGuide, type ToolGuideLink } from '../components/ToolGuide.tsx';
import { readBlogPost } from '../lib/blog.server.ts';
import { DownloaderPage } from '../pages/DownloaderPage.tsx';
import { readLocale } from '../lib/content.server.ts';
import type { ToolsContent } from '../lib/content-types.ts';
import { headOf } from '../lib/page-head.ts';
import { pageHead, pageTexts } from '../lib/page-head.server.ts';
import { pathChanged } from '../lib/path-changed.ts';
import { faqPageData } from '../lib/structured-data.ts';

function toolOf(pathname: string): ToolId {
  const kind = homeOrToolKind(splitLanguage(pathname).path);
  if (kind?.page !== 'tool') throw new Response('Not found', { status: 404 });
  return kind.tool;
}

/** The tool's guide when it is translated in the page's language. */
function guideOf(tool: ToolId, lang: Language): ToolGuideLink | undefined {
  const slug = TOOL_GUIDES[tool];
  if (!slug) return undefined;
  const post = readBlogPost(slug, lang);
  return post.title ? { slug: post.slug, title: post.title, excerpt: post.excerpt } : undefined;
}

/** A lookup in the address (?url=) is no new page: its data stays. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  return pathChanged(args);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  const tool = toolOf(pathname);
  const { lang } = splitLanguage(pathname);
  const content = readLocale<ToolsContent>(lang, 'tools')[tool];
  const head = pageHead(request, { ...pageTexts(lang, tool), canonical: toolById(tool).path, structuredData: [faqPageData(content.faq)] });
  return { tool, lang, content, guide: guideOf(tool, lang), head };
}

export const meta = headOf;

export default function ToolRoute() {
  const { tool, lang, content, guide } = useLoaderData<typeof loader>();
  return <DownloaderPage tool={toolById(tool)} content={content} guide={guide && <ToolGuide lang={lang} guide={guide} />} />;
}
