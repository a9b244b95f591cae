/** A post's date and caption under its tile: the caption shortened, whole after "Show more" (results/Caption.tsx). */
import { numberLocale } from '../../lib/number-locale.ts';
import { useTranslation } from '../../lib/translator.ts';
import { Caption } from '../results/Caption.tsx';

/** About two lines of a tile. */
const TILE_CHARACTERS = 60;

export function PostCaption({ takenAt, caption }: { takenAt?: string; caption?: string }) {
  const { language } = useTranslation();
  const date = takenAt && !Number.isNaN(Date.parse(takenAt)) ? new Intl.DateTimeFormat(numberLocale(language), { dateStyle: 'medium' }).format(new Date(takenAt)) : undefined;
  if (!date && !caption) return null;
  return (
    <div className="flex flex-col items-start gap-1">
      {date && (
        <time dateTime={takenAt} className="text-xs text-slate-600">
          {date}
        </time>
      )}
      {caption && <Caption text={caption} max={TILE_CHARACTERS} className="" />}
    </div>
  );
}
