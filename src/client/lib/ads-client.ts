/**
 * The operator's ad client, read from the page's meta tag after hydration (the server writes it at run time:
 * shared/ads-client.ts). Null on the first render, as in the prerendered page, so hydration matches; null for good
 * when the instance has none, so no ad markup or third-party script ever appears.
 */
import { useEffect, useState } from 'react';
import { ADS_CLIENT_META, ADS_CLIENT_PATTERN } from '../../shared/ads-client.ts';

export function readAdsClient(doc: Pick<Document, 'querySelector'>): string | null {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${ADS_CLIENT_META}"]`)?.content ?? '';
  return ADS_CLIENT_PATTERN.test(content) ? content : null;
}

export function useAdsClient(): string | null {
  const [client, setClient] = useState<string | null>(null);
  useEffect(() => setClient(readAdsClient(document)), []);
  return client;
}
