/** The box that ticks one item of the profile view into the ZIP of ticked items. */
import { useTranslation } from '../../lib/translator.ts';
import type { Ticking } from './ticks.ts';

/** `describedBy`: the id of the item's own label, so a screen reader says which item the box ticks. */
export function TickBox({ ticking, tickKey, describedBy }: { ticking: Ticking; tickKey: string; describedBy: string }) {
  const { t } = useTranslation();
  const ticked = ticking.has(tickKey);
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        checked={ticked}
        disabled={!ticked && ticking.full}
        onChange={(e) => ticking.set(tickKey, e.target.checked)}
        aria-describedby={describedBy}
        className="h-5 w-5 accent-brand-700"
      />
      {t('profileView.tick')}
    </label>
  );
}
