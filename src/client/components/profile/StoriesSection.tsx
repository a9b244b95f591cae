/** The current stories of the profile view, each with the time it has left. */
import { isUnavailableSection, type ProfileView } from '../../../shared/profile-api.ts';
import { numberLocale } from '../../lib/number-locale.ts';
import { useTranslation } from '../../lib/translator.ts';
import type { Language } from '../../../shared/language-codes.ts';
import { itemLabel, MediaTile, tileRow } from './MediaTile.tsx';
import { ProfileZipButton } from './ProfileZipButton.tsx';
import { SectionNotice } from './SectionNotice.tsx';
import { storyKey, type Ticking } from './ticks.ts';
import { storyViewerItem, type OpenViewer } from './viewer-items.ts';

/** "in 5 hours", in the page's language (Intl), or nothing when the time is unknown or past. */
function timeLeft(expiresAt: string | undefined, language: Language, now = Date.now()): string | undefined {
  const ms = expiresAt ? Date.parse(expiresAt) - now : NaN;
  if (!(ms > 0)) return undefined;
  const format = new Intl.RelativeTimeFormat(numberLocale(language), { numeric: 'auto' });
  return ms >= 3_600_000 ? format.format(Math.floor(ms / 3_600_000), 'hour') : format.format(Math.max(1, Math.floor(ms / 60_000)), 'minute');
}

export function StoriesSection({ username, stories, headingId, ticking, open }: { username: string; stories: ProfileView['stories']; headingId: string; ticking: Ticking; open: OpenViewer }) {
  const { t, language } = useTranslation();
  const openAt = (index: number) => {
    if (isUnavailableSection(stories)) return;
    const { items } = stories;
    open(items.map((item, at) => storyViewerItem(item, itemLabel(t, item, at, items.length))), index);
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 sm:gap-3">
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        {t('profileView.stories')}
      </h3>
      {isUnavailableSection(stories) ? (
        <SectionNotice section={stories} />
      ) : stories.items.length === 0 ? (
        <p className="text-sm text-slate-700">{t('profileView.noStories')}</p>
      ) : (
        <>
          <ul aria-labelledby={headingId} className={tileRow}>
            {stories.items.map((item, index) => {
              const left = timeLeft(item.expiresAt, language);
              return (
                <MediaTile
                  key={item.mediaUrl}
                  item={item}
                  index={index}
                  total={stories.items.length}
                  {...(left ? { note: t('profileView.timeLeft', { when: left }) } : {})}
                  {...(item.id ? { tick: { ticking, key: storyKey(item.id) } } : {})}
                  onOpen={() => openAt(index)}
                />
              );
            })}
          </ul>
          {/* After the row: the items come first (on a phone the highlights are then in the first screen). */}
          <ProfileZipButton username={username} sections={['stories']} small />
        </>
      )}
    </section>
  );
}
