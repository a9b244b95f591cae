/** An accordion FAQ: each question is a button with aria-expanded controlling its panel; several can be open. */
import { useId, useState } from 'react';
import { useTranslation } from '../lib/translator.ts';
import type { FaqEntry } from '../lib/content-types.ts';

export function Faq({ entries }: { entries: FaqEntry[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const base = useId();
  const toggle = (index: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return (
    <section id="faq" aria-labelledby={`${base}-title`} className="mx-auto max-w-3xl scroll-mt-4 px-4 py-10">
      <h2 id={`${base}-title`} className="mb-6 text-center text-2xl font-bold">{t('faq.title')}</h2>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {entries.map((entry, index) => {
          const isOpen = open.has(index);
          return (
            <li key={entry.q}>
              <h3>
                <button
                  type="button"
                  id={`${base}-q${index}`}
                  aria-expanded={isOpen}
                  aria-controls={`${base}-a${index}`}
                  onClick={() => toggle(index)}
                  className="flex min-h-11 w-full items-center justify-between gap-4 px-4 py-3 text-start font-medium hover:bg-slate-50"
                >
                  {entry.q}
                  <span aria-hidden="true" className="text-xl text-brand-700">{isOpen ? '−' : '+'}</span>
                </button>
              </h3>
              <div id={`${base}-a${index}`} role="region" aria-labelledby={`${base}-q${index}`} hidden={!isOpen} className="px-4 pb-4 text-slate-700">
                <p>{entry.a}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
