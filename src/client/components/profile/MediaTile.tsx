/** One story or highlight item of the profile view: its picture (a video's poster), what it is, and its download. */
import { useId } from 'react';
import type { StoryItem } from '../../../shared/profile-api.ts';
import { useTranslation, type Translator } from '../../lib/translator.ts';
import { TickBox } from './TickBox.tsx';
import type { Ticking } from './ticks.ts';

export const tileButton = 'inline-flex min-h-11 items-center justify-center rounded-lg px-3 text-sm font-semibold';

/** An item's label: "Photo 2 of 6" (a story's place in its row, or a file's in a carousel post). */
export const itemLabel = (t: Translator['t'], item: { type: 'image' | 'video' }, index: number, total: number) =>
  `${t(item.type === 'video' ? 'downloader.videoLabel' : 'downloader.photoLabel')} ${t('downloader.preview', { current: index + 1, total })}`;

/** A row of tiles: one compact row sideways on a phone (the sections after it stay in reach), a grid from `sm`. */
export const tileRow = 'flex snap-x gap-3 overflow-x-auto pb-1 sm:grid sm:grid-cols-3 sm:overflow-visible lg:grid-cols-4';

/** `tick`: the item's box for the ZIP of ticked items (absent when the item has no id to name it by); `onOpen`: the viewer at this item. */
export function MediaTile({ item, index, total, note, tick, onOpen }: { item: StoryItem; index: number; total: number; note?: string; tick?: { ticking: Ticking; key: string }; onOpen: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const label = itemLabel(t, item, index, total);
  return (
    <li className="flex w-32 shrink-0 snap-start flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm sm:w-auto" data-testid="profile-item">
      <button type="button" onClick={onOpen} aria-haspopup="dialog" aria-label={t('profileView.openItem', { label })} className="block">
        <img src={item.previewUrl} alt="" loading="lazy" className="aspect-[3/4] w-full bg-slate-100 object-cover sm:aspect-[9/16]" />
      </button>
      <div className="flex flex-1 flex-col gap-1 p-2">
        <p id={id} className="text-sm text-slate-700">
          {label}
          {note && <span className="block text-xs text-slate-600">{note}</span>}
        </p>
        {tick && <TickBox ticking={tick.ticking} tickKey={tick.key} describedBy={id} />}
        <a href={item.downloadUrl} download={item.filename} aria-describedby={id} className={`${tileButton} mt-auto bg-brand-700 text-white hover:bg-brand-800`}>
          {t('downloader.download')}
        </a>
      </div>
    </li>
  );
}
