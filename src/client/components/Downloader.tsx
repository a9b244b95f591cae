/**
 * The downloader of the home page and of every tool page, driven by the tools table: the link form, the lookup
 * (downloader/use-lookup.ts), its error, the results or the batch, recent lookups and the story debug log.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { useAdsClient } from '../lib/ads-client.ts';
import { useTranslation } from '../lib/translator.ts';
import type { RootData } from '../lib/root-data.ts';
import type { FormId } from '../../shared/tools.ts';
import { splitLanguage } from '../../shared/paths.ts';
import { watchInputModality } from '../lib/input-modality.ts';
import { hasRecent, onRecentChange } from '../lib/recent-signal.ts';
import { Spinner } from './Spinner.tsx';
import { AdSlot, BatchQueue, DebugLog, DownloadMoreLink, ProfileView, RecentLookups, Results, ToolTabs } from './downloader/lazy-parts.ts';
import { LinkForm } from './downloader/LinkForm.tsx';
import { LookupError } from './downloader/LookupError.tsx';
import { useLookup } from './downloader/use-lookup.ts';

export function Downloader({ form: formId }: { form: FormId }) {
  const { t } = useTranslation();
  const rootData = useRouteLoaderData('root') as RootData | undefined;
  const ads = Boolean(useAdsClient());
  const location = useLocation();
  const lang = rootData?.lang ?? splitLanguage(location.pathname).lang;
  const input = useRef<HTMLTextAreaElement>(null);
  const lookup = useLookup(formId, lang, input);
  const { form, profile, link, setLink, loading, shown, batch, viewed, debugLog, logLines, error, valid, submit } = lookup;

  // The list of recent lookups loads only for a browser that has some (read after hydration).
  const [showRecent, setShowRecent] = useState(false);
  useEffect(() => {
    // Keyboard or pointer: the results' heading shows its focus ring to keyboard users only.
    watchInputModality();
    const check = () => setShowRecent(hasRecent());
    check();
    return onRecentChange(check);
  }, []);

  const inputId = `link-${formId}`;
  const spinner = <div className="mt-8 flex justify-center text-brand-700"><Spinner label={t('a11y.loading')} /></div>;
  return (
    <div className="w-full">
      {formId !== 'home' && <ToolTabs />}
      <LinkForm
        inputId={inputId}
        input={input}
        profile={profile}
        story={formId === 'story'}
        {...(form.placeholder ? { placeholder: form.placeholder } : {})}
        link={link}
        setLink={setLink}
        loading={loading}
        errorKey={error?.key ?? null}
        valid={valid}
        listReader={lookup.listReader}
        submit={(raw) => void submit(raw)}
      />
      {error && <LookupError id={`${inputId}-error`} error={error} onRetry={lookup.retry} />}
      {showRecent && !shown && !batch && (
        <Suspense fallback={null}>
          <RecentLookups
            disabled={loading}
            onChoose={(chosen) => {
              setLink(chosen);
              void submit(chosen);
            }}
          />
        </Suspense>
      )}
      {/* Always present, so assistive technology announces the lookup when it starts (the toast reports its end). */}
      <p role="status" className="sr-only">{loading ? t('downloader.loading') : ''}</p>
      {ads && (
        <Suspense fallback={null}>
          <AdSlot slot={`${formId}-top`} />
        </Suspense>
      )}
      {batch && (
        <Suspense fallback={spinner}>
          <BatchQueue
            key={batch.key}
            form={form}
            links={batch.links}
            dropped={batch.dropped}
            leftOut={batch.leftOut}
            {...(formId === 'home' ? {} : { tool: formId })}
            isValid={valid}
            invalidKey={profile ? 'errors.invalidProfile' : 'errors.invalidUrl'}
            onReady={lookup.remember}
          />
        </Suspense>
      )}
      {shown && (
        <Suspense fallback={spinner}>
          {/* With a profile view below (the profile picture tool), Download More follows the view, not the picture. */}
          <Results form={form} resolution={shown.resolution} refresh={lookup.refresh} log={debugLog ? lookup.log : undefined} downloadMore={!(viewed && !batch)} />
        </Suspense>
      )}
      {viewed && !batch && (
        <Suspense fallback={spinner}>
          <ProfileView key={viewed.key} username={viewed.username} showPicture={!profile} />
          {shown && <DownloadMoreLink />}
        </Suspense>
      )}
      {debugLog && logLines !== null && (
        <Suspense fallback={null}>
          <DebugLog lines={logLines} />
        </Suspense>
      )}
      {ads && shown && (
        <Suspense fallback={null}>
          <AdSlot slot={`${formId}-results`} />
        </Suspense>
      )}
    </div>
  );
}
