/** The highlight albums of the profile view: covers that open to their items (fetched when opened). */
import { useRef, useState } from 'react';
import type { HighlightAlbum, HighlightItems, ProfileView } from '../../../shared/profile-api.ts';
import { isUnavailableSection } from '../../../shared/profile-api.ts';
import { errorMessageKey } from '../../lib/error-messages.ts';
import { fetchHighlight } from '../../lib/profile-api.ts';
import { useTranslation } from '../../lib/translator.ts';
import { Spinner } from '../Spinner.tsx';
import { itemLabel, MediaTile, tileButton, tileRow } from './MediaTile.tsx';
import { ProfileZipButton } from './ProfileZipButton.tsx';
import { SectionNotice } from './SectionNotice.tsx';
import { highlightKey, type Ticking } from './ticks.ts';
import { storyViewerItem, type OpenViewer } from './viewer-items.ts';

type Open = { album: HighlightAlbum; state: 'loading' } | { album: HighlightAlbum; state: 'ready'; items: HighlightItems } | { album: HighlightAlbum; state: 'failed'; key: string };

export function HighlightsSection({ username, highlights, headingId, ticking, open: openViewer }: { username: string; highlights: ProfileView['highlights']; headingId: string; ticking: Ticking; open: OpenViewer }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open | null>(null);
  const back = useRef<HTMLButtonElement>(null);
  const opener = useRef<string | null>(null);

  const openAlbum = async (album: HighlightAlbum) => {
    opener.current = album.id;
    setOpen({ album, state: 'loading' });
    const outcome = await fetchHighlight(username, album.id);
    // An album Instagram did not give right now answers 200 {unavailable} (issue 36), as the sections do.
    setOpen(
      !outcome.ok
        ? { album, state: 'failed', key: errorMessageKey(outcome.failure, 'story') }
        : isUnavailableSection(outcome.value)
          ? { album, state: 'failed', key: 'profileView.unavailable' }
          : { album, state: 'ready', items: outcome.value },
    );
    // The album's items take the focus, so keyboard and screen-reader users land in them.
    requestAnimationFrame(() => back.current?.focus());
  };
  const close = () => {
    setOpen(null);
    const id = opener.current;
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-album="${id}"]`)?.focus());
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 sm:gap-3">
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        {open ? open.album.title || t('profileView.highlights') : t('profileView.highlights')}
      </h3>
      {isUnavailableSection(highlights) ? (
        <SectionNotice section={highlights} />
      ) : open ? (
        <div className="flex flex-col gap-3">
          <button ref={back} type="button" onClick={close} className={`${tileButton} self-start border border-slate-400 text-slate-900 hover:bg-slate-100`}>
            {t('profileView.backToHighlights')}
          </button>
          {open.state === 'loading' && <Spinner label={t('a11y.loading')} />}
          {open.state === 'failed' && <p role="alert" className="text-sm text-red-900">{t(open.key)}</p>}
          {open.state === 'ready' && (
            <ul aria-labelledby={headingId} className={tileRow}>
              {open.items.items.map((item, index) => (
                <MediaTile
                  key={item.mediaUrl}
                  item={item}
                  index={index}
                  total={open.items.items.length}
                  {...(item.id ? { tick: { ticking, key: highlightKey(open.album.id, item.id) } } : {})}
                  onOpen={() => openViewer(open.items.items.map((one, at, all) => storyViewerItem(one, itemLabel(t, one, at, all.length))), index)}
                />
              ))}
            </ul>
          )}
        </div>
      ) : highlights.albums.length === 0 ? (
        <p className="text-sm text-slate-700">{t('profileView.noHighlights')}</p>
      ) : (
        <>
          <ul aria-labelledby={headingId} className="flex gap-2 overflow-x-auto pb-1 sm:flex-wrap sm:gap-4">
            {highlights.albums.map((album) => (
              <li key={album.id} className="shrink-0">
                <button
                  type="button"
                  data-album={album.id}
                  onClick={() => void openAlbum(album)}
                  aria-label={t('profileView.openAlbum', { title: album.title, count: album.count })}
                  className="flex w-24 flex-col items-center gap-1 rounded-lg p-1 text-center hover:bg-slate-100"
                >
                  {album.cover ? (
                    <img src={album.cover} alt="" className="h-20 w-20 rounded-full border-2 border-brand-700 object-cover" />
                  ) : (
                    <span aria-hidden="true" className="h-20 w-20 rounded-full border-2 border-brand-700 bg-slate-100" />
                  )}
                  <span className="line-clamp-2 break-words text-sm text-slate-900">{album.title}</span>
                </button>
              </li>
            ))}
          </ul>
          <ProfileZipButton username={username} sections={['highlights']} small />
        </>
      )}
    </section>
  );
}
