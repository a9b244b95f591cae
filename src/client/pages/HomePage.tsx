import { Downloader } from '../components/Downloader.tsx';
import { deferredPart } from '../components/StandingPart.tsx';
import type { HomeContent } from '../lib/content-types.ts';
import { scriptBreaks } from '../lib/script-breaks.ts';

// Everything below the box is text, links and the FAQ: prerendered, and working as plain HTML until its code comes
// at the reader's first sign of use or scroll (lib/deferred-lazy.ts).
const HomeSections = deferredPart(() => import('./HomeSections.tsx').then((m) => m.HomeSections), 'home');

export function HomePage({ content }: { content: HomeContent }) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 pb-10 pt-12 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{scriptBreaks(content.heading)}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{content.subheading}</p>
        {/* What a newcomer would not guess (issue 37 point 7): a username opens a profile, and many links go at once. */}
        <p className="mx-auto mt-2 max-w-2xl text-slate-700">{content.tip}</p>
        <div className="mt-8">
          <Downloader form="home" />
        </div>
      </section>

      <HomeSections content={content} />
    </>
  );
}
