/** Why a section of the profile view is not shown, in the visitor's language (the operator's setting named as it is). */
import type { UnavailableSection } from '../../../shared/profile-api.ts';
import { useTranslation } from '../../lib/translator.ts';

export function SectionNotice({ section }: { section: UnavailableSection }) {
  const { t } = useTranslation();
  const text =
    section.unavailable === 'login_required'
      ? t('profileView.needsSession', { setting: 'IG_SESSIONID' })
      : section.unavailable === 'private'
        ? t('profileView.private')
        : section.unavailable === 'rate_limited'
          ? t('profileView.rateLimited', { minutes: Math.max(1, Math.ceil((section.retryAfter ?? 60) / 60)) })
          : t('profileView.unavailable');
  return (
    <p data-testid="section-notice" data-reason={section.unavailable} className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      {text}
    </p>
  );
}
