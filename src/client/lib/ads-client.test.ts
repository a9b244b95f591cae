/** The ad client the server wrote into the page (server/http/site-ads.ts), read as the ad slots read it. */
import { describe, expect, it } from 'vitest';
import { readAdsClient } from './ads-client.ts';

const docWith = (content: string | undefined) => ({
  querySelector: (selector: string) => (selector === 'meta[name="gramsave:ads-client"]' && content !== undefined ? ({ content } as HTMLMetaElement) : null),
}) as unknown as Pick<Document, 'querySelector'>;

describe('readAdsClient', () => {
  it('reads the meta tag the server wrote, and nothing else', () => {
    expect(readAdsClient(docWith('ca-pub-1234567890123456'))).toBe('ca-pub-1234567890123456');
    expect(readAdsClient(docWith(undefined))).toBeNull();
    expect(readAdsClient(docWith(''))).toBeNull();
    expect(readAdsClient(docWith('javascript:alert(1)'))).toBeNull();
  });
});
