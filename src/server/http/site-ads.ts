/**
 * ADS_CLIENT written into the prerendered pages at start (site-origin.ts makes the copy): one meta tag at the end of
 * each page's head, which the ad slots read after hydration. React leaves a tag it did not render in the head alone.
 */
import { ADS_CLIENT_META, ADS_CLIENT_PATTERN } from '../../shared/ads-client.ts';

export function adsClientInserter(client: string): (html: string) => string {
  if (!ADS_CLIENT_PATTERN.test(client)) throw new Error(`ADS_CLIENT ${JSON.stringify(client)} is not an ad client id such as ca-pub-1234567890123456`);
  const tag = `<meta name="${ADS_CLIENT_META}" content="${client}"/>`;
  return (html) => html.replace('</head>', `${tag}</head>`);
}
