/**
 * Per-item download (DESIGN "Front end"). Videos, audio and any file over BLOB_LIMIT_BYTES (or of unknown size) go
 * straight to the browser's download manager through the attachment URL: it shows the size and progress, can
 * cancel, survives leaving the tab, and never holds the file in page memory. Small photos are fetched with a
 * progress toast and saved as a blob. iOS and in-app browsers, which cannot save blobs reliably, always navigate.
 * An `expired` (410) answer re-resolves once and retries.
 */
import { browserEnv, prefersDirectDownload, type BrowserEnv } from './download-env.ts';
import { DownloadHttpError, fetchMediaFile, progressPercent, TooBigForBlob } from './download-fetch.ts';
import { saveBlob, startBrowserDownload } from './download-save.ts';
import { notify, toastId } from './notify.ts';

export type DownloadKind = 'video' | 'photo' | 'reel' | 'audio';

/** Translation keys per kind: the loading toast, the success toast, the failure toast (spec §8). */
export const DOWNLOAD_MESSAGES: Readonly<Record<DownloadKind, { progress: string; done: string; failed: string }>> = {
  video: { progress: 'success.downloadingVideo', done: 'success.downloadedVideo', failed: 'errors.downloadFailedFile' },
  photo: { progress: 'success.downloadingPhoto', done: 'success.downloadedPhoto', failed: 'errors.downloadFailedPhoto' },
  reel: { progress: 'success.downloadingVideo', done: 'success.downloadedReel', failed: 'errors.downloadFailedReel' },
  audio: { progress: 'success.downloadingAudio', done: 'success.downloadedAudio', failed: 'errors.downloadFailedFile' },
};

export function downloadKindOf(itemType: 'image' | 'video', resolutionKind: string, videosAreReels: boolean): DownloadKind {
  if (itemType === 'image') return 'photo';
  return resolutionKind === 'reel' || videosAreReels ? 'reel' : 'video';
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
