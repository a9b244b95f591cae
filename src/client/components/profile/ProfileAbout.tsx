/** The profile's bio and counts (posts, followers, following) where Instagram states them; nothing for what it does not. */
import type { ProfileAbout as About } from '../../../shared/profile-api.ts';
import { numberLocale } from '../../lib/number-locale.ts';
import { useTranslation } from '../../lib/translator.ts';

const COUNTS = [
  ['posts', 'profileView.posts'],
  ['followers', 'profileView.followers'],
  ['following', 'profileView.following'],
] as const;

export function ProfileAbout({ about }: { about: About }) {
  const { t, language } = useTranslation();
  const numbers = new Intl.NumberFormat(numberLocale(language));
  const counts = COUNTS.filter(([field]) => about[field] !== undefined);
  return (
    <div data-testid="profile-about" className="flex flex-col gap-2">
      {counts.length > 0 && (
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
          {counts.map(([field, key]) => (
            <div key={field} className="flex flex-col-reverse">
              <dt>{t(key)}</dt>
              <dd className="text-base font-bold text-slate-900">{numbers.format(about[field]!)}</dd>
            </div>
          ))}
        </dl>
      )}
      {about.biography && <p className="whitespace-pre-line break-words text-sm text-slate-800">{about.biography}</p>}
    </div>
  );
}
