/**
 * The operator's ad client (ADS_CLIENT) reaches the pages at run time, not in the build: the server writes it into
 * each page's head as this meta tag (server/http/site-ads.ts), and the ad slots read it after hydration
 * (client/lib/ads-client.ts). A build carries no ad client, so one image serves any operator's.
 */
export const ADS_CLIENT_META = 'gramsave:ads-client';

/** Google's publisher ids: `ca-pub-` and digits. Nothing else is written into a page. */
export const ADS_CLIENT_PATTERN = /^ca-pub-[0-9]{1,32}$/;
