/**
 * Functions the smoke suite runs inside the page. Each is sent to the engine as source text, so each uses only its
 * arguments and browser globals (no imports, no outer variables).
 */

/** React attaches its props to a DOM node when it hydrates it: the app's script ran in this engine. */
export function isHydrated(selector: string): boolean {
  const node = document.querySelector(selector);
  return node !== null && Object.keys(node).some((key) => key.startsWith('__reactProps$'));
}

export interface Playback {
  width: number;
  height: number;
  currentTime: number;
  /** Distinct colours in a small copy of the current frame: 1 when nothing was drawn. */
  colours: number;
}

/**
 * Plays a video muted until its clock passes 0.3 s: the page's own player (selector) or a new one for a URL. Then
 * copies the current frame to a canvas: a video that does not decode has no size and draws nothing.
 */
export function playVideo(selector: string | null, url: string | null, timeoutMs: number): Promise<Playback> {
  return new Promise((resolve, reject) => {
    const video = selector ? document.querySelector(selector) : document.body.appendChild(document.createElement('video'));
    if (!(video instanceof HTMLVideoElement)) return reject(new Error(`no <video> at ${selector}`));
    const timer = setTimeout(
      () => reject(new Error(`no playback after ${timeoutMs} ms (readyState ${video.readyState}, currentTime ${video.currentTime})`)),
      timeoutMs,
    );
    video.addEventListener('error', () => {
      clearTimeout(timer);
      reject(new Error(`media error ${video.error?.code}: ${video.error?.message}`));
    });
    let reached = false;
    video.addEventListener('timeupdate', () => {
      if (video.currentTime < 0.3 || reached) return;
      reached = true;
      clearTimeout(timer);
      video.pause();
      const canvas = document.createElement('canvas');
      canvas.width = 32;
      canvas.height = 32;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      const colours = () => {
        context.clearRect(0, 0, 32, 32);
        context.drawImage(video, 0, 0, 32, 32);
        const pixels = context.getImageData(0, 0, 32, 32).data;
        const seen = new Set<number>();
        for (let i = 0; i < pixels.length; i += 4) seen.add((pixels[i]! << 24) | (pixels[i + 1]! << 16) | (pixels[i + 2]! << 8) | pixels[i + 3]!);
        return seen.size;
      };
      // An engine may hand the canvas its frame late (WebKit converts it off the main thread): a few tries.
      let tries = 0;
      const settle = () => {
        const seen = colours();
        if (seen > 4 || ++tries >= 20) resolve({ width: video.videoWidth, height: video.videoHeight, currentTime: video.currentTime, colours: seen });
        else setTimeout(settle, 100);
      };
      settle();
    });
    video.muted = true;
    video.playsInline = true;
    if (url) video.src = url;
    video.play().catch((error: unknown) => {
      clearTimeout(timer);
      reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

/**
 * Records every URL the app hands to the download manager (the hidden `<a download>` it clicks). When `hold` is set,
 * the click is cancelled: the step only needs the URL, and the engine does not save a second copy.
 */
export function watchDownloads(hold: boolean): void {
  const page = window as unknown as { handedToDownloads?: string[]; holdDownloads?: boolean };
  page.holdDownloads = hold;
  if (page.handedToDownloads) return;
  page.handedToDownloads = [];
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target;
      if (!(link instanceof HTMLAnchorElement) || !link.hasAttribute('download')) return;
      page.handedToDownloads!.push(link.href);
      if (page.holdDownloads) event.preventDefault();
    },
    true,
  );
}

export function handedToDownloads(): string[] {
  return (window as unknown as { handedToDownloads?: string[] }).handedToDownloads ?? [];
}

export function handedMoreThan(count: number): boolean {
  return ((window as unknown as { handedToDownloads?: string[] }).handedToDownloads ?? []).length > count;
}

/** The engine's own view of an answer's headers (the body is not read). */
export async function answerHeaders(url: string): Promise<{ status: number; disposition: string | null; type: string | null }> {
  const response = await fetch(url);
  await response.body?.cancel();
  return { status: response.status, disposition: response.headers.get('content-disposition'), type: response.headers.get('content-type') };
}

export interface Styling {
  /** Same-origin stylesheets with at least one rule. */
  sheets: number;
  submitBackground: string;
  /** A bare <button> next to it: what the submit button would look like if our CSS were missing. */
  bareBackground: string;
  /** Properties no hover or focus changes, to compare one visit with the next. */
  bodyFont: string;
  submitRadius: string;
}

export function styling(): Styling {
  const submit = document.querySelector('form button[type="submit"]');
  const bare = document.body.appendChild(document.createElement('button'));
  const bareBackground = getComputedStyle(bare).backgroundColor;
  bare.remove();
  let sheets = 0;
  // The site's own sheets: linked, or written inline by the prerender (issue 37's Lighthouse work), which carries
  // Tailwind's rules (.bg-brand-700 among them). A <style> the toasts inject when a lookup reports (the reload of a
  // `?url=` address looks its link up again, issue 37 point 9) is no part of the page's look.
  const isTailwind = (sheet: CSSStyleSheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('.bg-brand-700'));
  for (const sheet of document.styleSheets) {
    try {
      if (sheet.cssRules.length > 0 && (sheet.href || isTailwind(sheet))) sheets++;
    } catch {
      // A cross-origin sheet hides its rules; ours are same-origin, so it does not count.
    }
  }
  return {
    sheets,
    submitBackground: submit ? getComputedStyle(submit).backgroundColor : 'no submit button',
    bareBackground,
    bodyFont: getComputedStyle(document.body).fontFamily,
    submitRadius: submit ? getComputedStyle(submit).borderTopLeftRadius : 'no submit button',
  };
}

export function direction(): { lang: string; dir: string; body: string; linkBox: string } {
  const box = document.querySelector('form [name="url"]');
  return {
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    body: getComputedStyle(document.body).direction,
    linkBox: box ? getComputedStyle(box).direction : 'no link box',
  };
}
