/** One page for all seven tools; the differences are data in src/shared/tools.ts and the tool's content. */
import type { ReactNode } from 'react';
import type { ToolDefinition } from '../../shared/tools.ts';
import { Downloader } from '../components/Downloader.tsx';
import { Faq } from '../components/Faq.tsx';
import { TextSections } from '../components/TextSections.tsx';
import type { ToolContent } from '../lib/content-types.ts';
import { scriptBreaks } from '../lib/script-breaks.ts';

/** `guide`: the tool's guide on the blog, under the explanations. */
export function DownloaderPage({ tool, content, guide }: { tool: ToolDefinition; content: ToolContent; guide?: ReactNode }) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 pb-10 pt-12 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{scriptBreaks(content.headline)}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{content.intro}</p>
        <div className="mt-8">
          <Downloader form={tool.id} />
        </div>
      </section>
      <TextSections sections={content.sections} />
      {guide}
      <Faq entries={content.faq} />
    </>
  );
}
