/**
 * What a pasted list left out, and why: one line per entry ("@natgeo — a username: use the profile picture tool").
 * Shown under the box while the list is there, and above the batch's rows once it runs.
 */
import { MAX_BATCH_LINKS } from '../../../shared/api.ts';
import { LEFT_OUT_KEYS, type LeftOut } from '../../lib/link-list.ts';
import { useTranslation } from '../../lib/translator.ts';

export function LeftOutList({ leftOut }: { leftOut: readonly LeftOut[] }) {
  const { t } = useTranslation();
  if (leftOut.length === 0) return null;
  return (
    <div className="text-start text-sm text-slate-700" data-testid="left-out">
      <p className="font-semibold">{t('batch.leftOutHeading', { count: leftOut.length })}</p>
      <ul className="mt-1 flex flex-col gap-1">
        {leftOut.map((item) => (
          <li key={`${item.reason} ${item.entry}`} className="flex min-w-0 flex-wrap gap-x-2">
            <span dir="ltr" className="min-w-0 max-w-full truncate font-mono text-slate-900">
              {item.entry}
            </span>{' '}
            <span>— {t(LEFT_OUT_KEYS[item.reason], { max: MAX_BATCH_LINKS })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
