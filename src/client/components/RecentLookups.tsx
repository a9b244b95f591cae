/**
 * The last lookups of this browser under the form: thumbnail, author, link and when; choosing one looks it up
 * again (its download links will have expired). Kept in this browser only (lib/recent-lookups.ts), with Clear.
 */
import { useEffect, useId, useState } from 'react';
import { clearRecent, onRecentChange, readRecent, type RecentLookup } from '../lib/recent-lookups.ts';
import { recentLabel } from '../lib/recent-label.ts';
import { notify } from '../lib/notify.ts';
import { numberLocale } from '../lib/number-locale.ts';
import { useTranslation } from '../lib/translator.ts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

function ago(at: number, format: Intl.RelativeTimeFormat): string {
  const elapsed = Date.now() - at;
  for (const [unit, ms] of UNITS) if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  return format.format(0, 'minute');
}

export function RecentLookups({ onChoose, disabled }: { onChoose: (link: string) => void; disabled?: boolean }) {
  const { t, language } = useTranslation();
  const headingId = useId();
  // Read after hydration: the prerendered page cannot know this browser's list.
  const [list, setList] = useState<RecentLookup[]>([]);
  const [broken, setBroken] = useState<Set<string>>(() => new Set());
  useEffect(() => {
    const load = () => setList(readRecent());
    load();
    return onRecentChange(load);
  }, []);
  if (list.length === 0) return null;
  const format = new Intl.RelativeTimeFormat(numberLocale(language), { numeric: 'auto' });

  const clear = () => {
    clearRecent();
    notify.success(t('recent.cleared'));
  };

  return (
    <section aria-labelledby={headingId} className="mx-auto mt-4 w-full max-w-2xl text-start" data-testid="recent">
      <div className="mb-1 flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold text-slate-800">
          {t('recent.heading')} <span className="font-normal text-slate-600">· {t('recent.note')}</span>
        </h2>
        <button type="button" onClick={clear} className="min-h-11 rounded-lg px-3 text-sm font-semibold text-brand-800 underline hover:bg-slate-50">
          {t('recent.clear')}
        </button>
      </div>
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {list.map((entry) => {
          const { kind, code } = recentLabel(entry.link, entry.kind);
          return (
            <li key={entry.link} className="shrink-0">
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChoose(entry.link)}
                title={entry.link}
                className="flex min-h-11 w-52 items-center gap-2 rounded-lg border border-slate-200 bg-white p-1.5 text-start hover:bg-slate-50 disabled:cursor-wait"
              >
                {entry.thumb && !broken.has(entry.thumb) ? (
                  <img
                    src={entry.thumb}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    onError={() => setBroken((set) => new Set(set).add(entry.thumb!))}
                    className="h-10 w-10 shrink-0 rounded object-cover"
                  />
                ) : (
                  <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded bg-slate-100" />
                )}
                <span className="min-w-0">
                  {/* The kind and the post's code first: two lookups of one author differ there. */}
                  {(kind || code) && (
                    <span data-testid="recent-kind" className="block truncate text-xs text-slate-700">
                      {kind && t(`recent.kinds.${kind}`)}
                      {kind && code && ' · '}
                      {code && <bdi dir="ltr">{code}</bdi>}
                    </span>
                  )}
                  <span dir="ltr" className="block truncate text-start text-sm font-semibold text-slate-900">@{entry.author}</span>
                  <span className="block truncate text-xs text-slate-600">{ago(entry.at, format)}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
