/** The home page below the box (spec §2): how-to and feature sections, the tools, key points and the FAQ. */
import { Link, useLocation } from 'react-router';
import { localizePath, splitLanguage } from '../../shared/paths.ts';
import { toolById } from '../../shared/tools.ts';
import { Faq } from '../components/Faq.tsx';
import { TextSections } from '../components/TextSections.tsx';
import type { HomeContent } from '../lib/content-types.ts';
import { useTranslation } from '../lib/translator.ts';

export function HomeSections({ content }: { content: HomeContent }) {
  const { t } = useTranslation();
  const { lang } = splitLanguage(useLocation().pathname);
  return (
    <>
      <TextSections sections={content.blocks} />

      <section aria-labelledby="supported" className="mx-auto max-w-5xl px-4 py-8">
        <h2 id="supported" className="mb-3 text-2xl font-bold">{content.supported.title}</h2>
        <p className="mb-6 text-slate-700">{content.supported.intro}</p>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {content.supported.items.map((item) => (
            <li key={item.title} className="rounded-xl border border-slate-200 p-4">
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-1 text-slate-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="tools" className="mx-auto max-w-5xl px-4 py-8">
        <h2 id="tools" className="sr-only">{t('header.tools')}</h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {content.tiles.map((tile) => (
            <li key={tile.tool}>
              <Link to={localizePath(lang, toolById(tile.tool).path)} className="block h-full rounded-xl border border-slate-200 p-5 hover:border-brand-700 hover:shadow">
                <h3 className="font-semibold text-brand-800">{tile.title}</h3>
                <p className="mt-1 text-slate-700">{tile.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features" className="mx-auto max-w-5xl px-4 py-8">
        <h2 id="features" className="mb-6 text-2xl font-bold">{content.features.title}</h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {content.features.items.map((item) => (
            <li key={item.title} className="rounded-xl bg-slate-50 p-5">
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-1 text-slate-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-to" className="mx-auto max-w-5xl px-4 py-8">
        <h2 id="how-to" className="mb-6 text-2xl font-bold">{content.howTo.title}</h2>
        <ol className="grid gap-4 sm:grid-cols-3">
          {content.howTo.steps.map((step, i) => (
            <li key={step.title} className="rounded-xl border border-slate-200 p-5">
              <span aria-hidden="true" className="mb-2 flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 font-bold text-white">{i + 1}</span>
              <h3 className="font-semibold">{step.title}</h3>
              <p className="mt-1 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="key-points" className="mx-auto max-w-3xl px-4 py-8">
        <h2 id="key-points" className="mb-4 text-2xl font-bold">{content.keyPoints.title}</h2>
        <ul className="list-disc space-y-2 ps-6 text-slate-700">
          <li>{content.keyPoints.not_affiliated}</li>
          <li>{content.keyPoints.right_to_access}</li>
          <li>{content.keyPoints.respect_rights}</li>
          <li>{content.keyPoints.advertisements}</li>
        </ul>
        <p className="mt-4 text-slate-700">
          {content.termsPrompt.before}
          <Link className="font-medium text-brand-800 underline" to={localizePath(lang, '/terms')}>{content.termsPrompt.link}</Link>
          {content.termsPrompt.after}
        </p>
      </section>

      <Faq entries={content.faq} />
    </>
  );
}
