/**
 * An ad slot. Renders nothing unless the instance sets ADS_CLIENT (read from the page after hydration:
 * lib/ads-client.ts), so an instance without one shows no ad markup and loads no third-party script.
 */
import { useEffect } from 'react';
import { useTranslation } from '../lib/translator.ts';
import { useAdsClient } from '../lib/ads-client.ts';

const SCRIPT_ID = 'gramsave-ads-script';

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

export function AdSlot({ slot }: { slot: string }) {
  const { t } = useTranslation();
  const client = useAdsClient();

  useEffect(() => {
    if (!client) return;
    if (!document.getElementById(SCRIPT_ID)) {
      const script = document.createElement('script');
      script.id = SCRIPT_ID;
      script.async = true;
      script.crossOrigin = 'anonymous';
      script.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`;
      document.head.append(script);
    }
    (window.adsbygoogle ??= []).push({});
  }, [client]);

  if (!client) return null;
  return (
    <aside aria-label={t('ads.label')} className="mx-auto my-6 w-full max-w-3xl overflow-hidden px-4">
      <p className="mb-1 text-xs text-slate-600">{t('ads.label')}</p>
      <ins className="adsbygoogle block min-h-[90px]" data-ad-client={client} data-ad-slot={slot} data-ad-format="auto" data-full-width-responsive="true" />
    </aside>
  );
}
