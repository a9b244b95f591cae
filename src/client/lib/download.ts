/**
 * Per-item download (DESIGN "Front end"). Videos, audio and any file over BLOB_LIMIT_BYTES (or of unknown size) go
 * straight to the browser's download manager through the attachment URL: it shows the size and progress, can
 * cancel, survives leaving the tab, and never holds the file in page memory. Small photos are fetched with a
 * progress toast and saved as a blob. iOS and in-app browsers, which cannot save blobs reliably, always navigate.
 * An `expired` (410) answer re-resolves once and retries.
 */
import { notify, toastId } from './notify.ts';

export type DownloadKind = 'video' | 'photo' | 'reel' | 'audio';

/** Translation keys per kind: the loading toast, the success toast, the failure toast (spec §8). */
export const DOWNLOAD_MESSAGES: Readonly<Record<DownloadKind, { progress: string; done: string; failed: string }>> = {
  video: { progress: 'success.downloadingVideo', done: 'success.downloadedVideo', failed: 'errors.downloadFailedFile' },
  photo: { progress: 'success.downloadingPhoto', done: 'success.downloadedPhoto', failed: 'errors.downloadFailedPhoto' },
  reel: { progress: 'success.downloadingVideo', done: 'success.downloadedReel', failed: 'errors.downloadFailedReel' },
  audio: { progress: 'success.downloadingAudio', done: 'success.downloadedAudio', failed: 'errors.downloadFailedFile' },
};

/** The object URL lives this long after the click (spec §9). */
export const REVOKE_DELAY_MS = 100;
/** Past this, a file is the download manager's, not a blob in page memory. */
export const BLOB_LIMIT_BYTES = 20 * 1024 * 1024;

export function downloadKindOf(itemType: 'image' | 'video', resolutionKind: string, videosAreReels: boolean): DownloadKind {
  if (itemType === 'image') return 'photo';
  return resolutionKind === 'reel' || videosAreReels ? 'reel' : 'video';
}

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

/** Whole percent received, or null while the size is unknown. */
export function progressPercent(received: number, total: number | null): number | null {
  if (!total || total <= 0) return null;
  return Math.min(100, Math.floor((received * 100) / total));
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins), or undefined. */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed percent-encoding: fall through to the plain filename parameter.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : undefined;
}

export class DownloadHttpError extends Error {
  constructor(readonly status: number) {
    super(`download answered HTTP ${status}`);
  }
}

/** Reads a response body chunk by chunk, reporting bytes received and the expected total. */
export async function readWithProgress(response: Response, onProgress: (received: number, total: number | null) => void): Promise<Blob> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type });
}

/** The file is too big (or of unknown size) for a blob: the caller hands it to the download manager. */
export class TooBigForBlob extends Error {}

export async function fetchMediaFile(
  url: string,
  onProgress: (received: number, total: number | null) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<{ blob: Blob; filename?: string }> {
  const response = await fetchImpl(url);
  if (!response.ok) {
    await response.body?.cancel();
    throw new DownloadHttpError(response.status);
  }
  const length = Number(response.headers.get('content-length'));
  if (!(length > 0) || length > BLOB_LIMIT_BYTES) {
    await response.body?.cancel();
    throw new TooBigForBlob();
  }
  const blob = await readWithProgress(response, onProgress);
  return { blob, filename: filenameFromDisposition(response.headers.get('content-disposition')) };
}

/** Saves a blob under a file name through a temporary `<a download>`. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), REVOKE_DELAY_MS);
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface DownloadTarget {
  url: string;
  filename: string;
}

export interface DownloadRequest extends DownloadTarget {
  kind: DownloadKind;
  t: Translate;
  /** After an `expired` answer: re-resolve the original link once and give this item's fresh target. */
  refresh?: () => Promise<DownloadTarget | null>;
  /** Debug-log sink (codes, sizes and timings only). */
  log?: (text: string) => void;
  env?: BrowserEnv;
}

const STARTED_TOAST_ID = 'gramsave-download-started';

export type DownloadOutcome = 'saved' | 'navigated' | 'failed';

/** Hands the attachment URL to the browser's download manager (the page stays). */
export function startBrowserDownload(url: string, navigate: boolean): void {
  if (navigate) {
    window.location.href = url;
    return;
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The status a HEAD of the link answers (0 when it could not be asked). */
async function linkStatus(url: string, fetchImpl: typeof fetch = fetch): Promise<number> {
  try {
    return (await fetchImpl(url, { method: 'HEAD' })).status;
  } catch {
    return 0;
  }
}

/** Straight to the download manager, after a HEAD that catches an expired link (re-resolved once). */
async function downloadDirectly(request: DownloadRequest, navigate: boolean): Promise<DownloadOutcome> {
  const { t, kind, log } = request;
  let url = request.url;
  if ((await linkStatus(url)) === 410 && request.refresh) {
    log?.(`Download (${kind}): link expired, fetching the post again`);
    const fresh = await request.refresh();
    if (!fresh) {
      notify.error(t(DOWNLOAD_MESSAGES[kind].failed));
      return 'failed';
    }
    url = fresh.url;
  }
  log?.(`Download (${kind}): handed to the browser's download manager`);
  startBrowserDownload(url, navigate);
  // One "started" toast however many files are handed over in a row (the manager lists each of them).
  notify.success(t('success.started'), { id: STARTED_TOAST_ID });
  return 'navigated';
}

export async function downloadMedia(request: DownloadRequest): Promise<DownloadOutcome> {
  const { t, kind, log } = request;
  const messages = DOWNLOAD_MESSAGES[kind];
  const navigate = prefersDirectDownload(request.env ?? browserEnv());
  if (navigate || kind !== 'photo') return downloadDirectly(request, navigate);
  const started = Date.now();
  const label = t(messages.progress);
  const id = toastId();
  notify.loading(label, { id });
  let shown: number | null = null;
  const onProgress = (received: number, total: number | null) => {
    const percent = progressPercent(received, total);
    if (percent === null || percent === shown) return;
    shown = percent;
    notify.loading(t('success.downloadingProgress', { label, percent }), { id });
  };
  let target: DownloadTarget = { url: request.url, filename: request.filename };
  try {
    let file: { blob: Blob; filename?: string };
    try {
      file = await fetchMediaFile(target.url, onProgress);
    } catch (error) {
      if (!(error instanceof DownloadHttpError && error.status === 410 && request.refresh)) throw error;
      log?.(`Download (${kind}): link expired, fetching the post again`);
      const fresh = await request.refresh();
      if (!fresh) throw error;
      target = fresh;
      file = await fetchMediaFile(target.url, onProgress);
    }
    saveBlob(file.blob, file.filename ?? target.filename);
    log?.(`Download (${kind}): ${file.blob.size} bytes in ${Date.now() - started} ms`);
    notify.success(t(messages.done), { id });
    return 'saved';
  } catch (error) {
    if (error instanceof TooBigForBlob) {
      notify.dismiss(id);
      return downloadDirectly({ ...request, ...target }, false);
    }
    const reason = error instanceof DownloadHttpError ? `HTTP ${error.status}` : 'network failure';
    log?.(`Download (${kind}) failed: ${reason} after ${Date.now() - started} ms`);
    notify.error(t(messages.failed), { id });
    return 'failed';
  }
}
