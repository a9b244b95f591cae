/** Which browsers cannot save a fetched blob and get the attachment URL instead: iOS, iPadOS and in-app browsers. */

export interface BrowserEnv {
  userAgent: string;
  /** iPadOS reports a Mac user agent; touch points tell them apart. */
  maxTouchPoints: number;
  /** Streams and `<a download>` both exist. */
  canSaveBlobs: boolean;
}

const IOS = /\b(iPhone|iPad|iPod)\b/;
const IN_APP = /Instagram|FBAN|FBAV|FB_IAB|FBIOS|FB4A|\bLine\/|MicroMessenger|Snapchat|musical_ly|BytedanceWebview|Twitter for|Pinterest|; wv\)/;

export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP.test(userAgent);
}

export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return IOS.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
}

/** Navigate to the attachment URL instead of fetching it (iOS Safari, in-app browsers, old browsers). */
export function prefersDirectDownload(env: BrowserEnv): boolean {
  return !env.canSaveBlobs || isIos(env.userAgent, env.maxTouchPoints) || isInAppBrowser(env.userAgent);
}

export function browserEnv(): BrowserEnv {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    canSaveBlobs: typeof ReadableStream !== 'undefined' && typeof URL.createObjectURL === 'function' && 'download' in HTMLAnchorElement.prototype,
  };
}
