import { describe, expect, it } from 'vitest';
import { prefersDirectDownload, type BrowserEnv } from './download-env.ts';

const UA = {
  chromeDesktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadOs: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  instagramAndroid: 'Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36 Instagram 312.0.0.0.0 Android',
  facebookIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0.0]',
  facebookAndroid: 'Mozilla/5.0 (Linux; Android 12; Pixel 6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/441.0.0.0;]',
};
const env = (userAgent: string, maxTouchPoints = 0, canSaveBlobs = true): BrowserEnv => ({ userAgent, maxTouchPoints, canSaveBlobs });

describe('prefersDirectDownload', () => {
  it('fetches with progress in ordinary desktop and Android browsers', () => {
    expect(prefersDirectDownload(env(UA.chromeDesktop))).toBe(false);
    expect(prefersDirectDownload(env(UA.chromeAndroid, 5))).toBe(false);
    expect(prefersDirectDownload(env(UA.ipadOs, 0))).toBe(false); // a real Mac has no touch points
  });
  it('navigates to the attachment on iOS, iPadOS and in-app browsers', () => {
    expect(prefersDirectDownload(env(UA.iphoneSafari, 5))).toBe(true);
    expect(prefersDirectDownload(env(UA.ipadOs, 5))).toBe(true);
    expect(prefersDirectDownload(env(UA.instagramAndroid, 5))).toBe(true);
    expect(prefersDirectDownload(env(UA.facebookIos, 5))).toBe(true);
    expect(prefersDirectDownload(env(UA.facebookAndroid, 5))).toBe(true);
  });
  it('navigates where blobs cannot be saved', () => {
    expect(prefersDirectDownload(env(UA.chromeDesktop, 0, false))).toBe(true);
  });
});
