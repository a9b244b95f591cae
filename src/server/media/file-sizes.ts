/**
 * The sizes of a post's files, learnt once when the post is looked up and cached with it: one HEAD per file
 * (every quality, the DASH tracks and the audio track), a few at a time, all within a short deadline. The page
 * shows each quality's size from them (present.ts); a file whose HEAD fails or is late simply has no size.
 */
import type { RawResolution } from '../extract/raw.ts';
import { ApiError } from '../errors/api-error.ts';
import { countFileSizeHead } from '../metrics.ts';
import { header, type MediaUpstream } from './proxy/proxy.ts';
import { ClientGone } from './proxy/upstream-errors.ts';

export interface FileSizeOptions {
  /** The whole measurement's deadline: a lookup waits at most this long for sizes. */
  timeoutMs?: number;
  /** HEADs in flight at once. */
  concurrency?: number;
  /** At most this many files are measured (a 20-item carousel of videos with five qualities each fits). */
  maxFiles?: number;
}

export const FILE_SIZE_DEFAULTS = { timeoutMs: 1500, concurrency: 6, maxFiles: 120 } as const;

/** The CDN URLs whose size the page shows: each quality's file (DASH tracks included), the item's own and its audio. */
export function measuredUrls(raw: RawResolution, maxFiles: number): string[] {
  const urls = new Set<string>();
  for (const item of raw.items) {
    for (const q of item.qualities) urls.add(q.url);
    urls.add(item.url);
    if (item.audioUrl) urls.add(item.audioUrl);
  }
  return [...urls].slice(0, maxFiles);
}

/** URL → Content-Length for every file that answered one in time. */
export async function measureFileSizes(raw: RawResolution, upstream: MediaUpstream, options: FileSizeOptions = {}): Promise<Record<string, number>> {
  const { timeoutMs, concurrency, maxFiles } = { ...FILE_SIZE_DEFAULTS, ...options };
  const urls = measuredUrls(raw, maxFiles);
  const sizes: Record<string, number> = {};
  const deadline = AbortSignal.timeout(timeoutMs);
  let next = 0;
  const worker = async () => {
    while (next < urls.length && !deadline.aborted) {
      const url = urls[next++]!;
      const size = await headSize(upstream, url, deadline);
      if (size !== undefined) sizes[url] = size;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
  for (let i = next; i < urls.length; i++) countFileSizeHead('timed_out');
  return sizes;
}

async function headSize(upstream: MediaUpstream, url: string, signal: AbortSignal): Promise<number | undefined> {
  try {
    const res = await upstream.open(url, { method: 'HEAD', signal });
    res.body.on('error', () => undefined).destroy();
    const length = header(res.headers, 'content-length');
    if (res.status !== 200 || length === undefined || !/^\d{1,15}$/.test(length) || Number(length) === 0) {
      countFileSizeHead('no_length');
      return undefined;
    }
    countFileSizeHead('known');
    return Number(length);
  } catch (err) {
    // Past the deadline the upstream reports the abort as a client that left; anything else is the CDN's answer.
    if (err instanceof ClientGone || signal.aborted) countFileSizeHead('timed_out');
    else if (err instanceof ApiError) countFileSizeHead('failed');
    else throw err;
    return undefined;
  }
}
