import type { ReactNode } from 'react';
import type { TextSection } from '../lib/content-types.ts';

/** Explanatory sections of a page: a heading, paragraphs and an optional list each; `after` adds a control to one (by index). */
export function TextSections({ sections, after }: { sections: TextSection[]; after?: Record<number, ReactNode> }) {
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8">
      {sections.map((section, index) => (
        <section key={section.title}>
          <h2 className="mb-3 text-2xl font-bold">{section.title}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mb-3 leading-7 text-slate-700">{p}</p>
          ))}
          {section.items && (
            <ul className="list-disc space-y-1 ps-6 text-slate-700">
              {section.items.map((item) => <li key={item}>{item}</li>)}
            </ul>
          )}
          {after?.[index]}
        </section>
      ))}
    </div>
  );
}
