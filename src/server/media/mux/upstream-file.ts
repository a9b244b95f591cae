/**
 * One CDN file read by byte range through our allow-listed upstream, for the muxer's demuxer. The demuxer
 * asks for ranges mostly in order, so one streaming GET serves them as they come; a small window of recent
 * bytes serves short steps back, and a read away from both (the demuxer peeks at the file's last bytes for a
 * fragment index) gets a Range request of its own while the stream waits. In the usual case a track costs two
 * requests, and memory stays at the
 * window. A body that breaks is resumed from where it stopped (guarded by If-Range), as the ZIP does.
 */
import type { Dispatcher } from 'undici';
import { ApiError } from '../../errors/api-error.ts';
import { header, type MediaUpstream, type UpstreamResponse } from '../proxy/proxy.ts';

/** Recent bytes kept for reads that step back (a fragment's header after its samples, say). */
const WINDOW_BYTES = 512 * 1024;
/** A read this far past the stream is served by reading on; further, the stream restarts there. */
const SKIP_BYTES = 512 * 1024;
const MAX_RESUMES = 2;

type Body = Dispatcher.ResponseData['body'];

export interface UpstreamFile {
  readonly size: number;
  /** Bytes [start, end) of the file. Reads are served one at a time, in the order asked. */
  read(start: number, end: number): Promise<Uint8Array>;
  /** Requests made to the CDN for this file so far (1 in the usual case). */
  requests(): number;
  close(): void;
}

function contentLength(res: UpstreamResponse): number | undefined {
  const value = header(res.headers, 'content-length');
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** Opens the file with a plain GET; a failure here (403, expired, refused host…) is an ApiError before any byte is sent. */
export async function openUpstreamFile(upstream: MediaUpstream, url: string, signal: AbortSignal): Promise<UpstreamFile> {
  const first = await upstream.open(url, { signal });
  const size = first.status === 200 ? contentLength(first) : undefined;
  if (size === undefined || size === 0) {
    first.body.on('error', () => undefined).destroy();
    throw new ApiError('upstream_unavailable', 'The media server did not say how large the track is.');
  }
  const validator = header(first.headers, 'etag') ?? header(first.headers, 'last-modified');
  let requests = 1;

  let body: Body | undefined = first.body;
  let chunks: AsyncIterator<Buffer> | undefined = (first.body as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  /** File offset of the stream's next byte. */
  let position = 0;
  /** Recent bytes: consecutive chunks ending at `position`. */
  let window: { start: number; bytes: Buffer }[] = [];
  let resumes = 0;
  let closed = false;

  const windowStart = () => window[0]?.start ?? position;

  async function rangeRequest(from: number, to?: number): Promise<UpstreamResponse> {
    requests++;
    const res = await upstream.open(url, {
      signal,
      headers: { range: `bytes=${from}-${to ?? ''}`, ...(validator ? { 'if-range': validator } : {}) },
    });
    if (res.status === 206 && header(res.headers, 'content-range')?.startsWith(`bytes ${from}-`)) return res;
    res.body.on('error', () => undefined).destroy(); // the file changed under us (200) or an odd answer: never splice two versions
    throw new ApiError('upstream_unavailable', 'The media server changed the track while it was being read.');
  }

  /** Ends the stream; undici reports a body destroyed unread as an error nobody listens to, hence the no-op. */
  function dropStream(): void {
    body?.on('error', () => undefined).destroy();
    body = undefined;
    chunks = undefined;
  }

  /** The stream again from `position`, after its body broke (the window stays: it is still right). */
  async function resume(): Promise<void> {
    dropStream();
    const res = await rangeRequest(position);
    body = res.body;
    chunks = (res.body as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  /** The next chunk of the stream, resuming a broken body at `position`. */
  async function pull(): Promise<Buffer> {
    for (;;) {
      try {
        if (!chunks) await resume();
        const next = await chunks!.next();
        if (next.done) throw new Error(`the track ended at ${position} of ${size} bytes`);
        return next.value;
      } catch (err) {
        if (signal.aborted || err instanceof ApiError || resumes >= MAX_RESUMES || !validator) throw err;
        resumes++;
        dropStream();
      }
    }
  }

  function slice(start: number, end: number): Uint8Array {
    const parts: Buffer[] = [];
    for (const { start: at, bytes } of window) {
      const from = Math.max(start, at);
      const to = Math.min(end, at + bytes.length);
      if (from < to) parts.push(bytes.subarray(from - at, to - at));
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  async function readAhead(start: number, end: number): Promise<Uint8Array> {
    while (position < end) {
      const chunk = await pull();
      window.push({ start: position, bytes: chunk });
      position += chunk.length;
    }
    // Keep the asked range whole, and at most WINDOW_BYTES before the stream's position otherwise.
    const keepFrom = Math.min(start, position - WINDOW_BYTES);
    while (window.length > 1 && window[0]!.start + window[0]!.bytes.length <= keepFrom) window.shift();
    return slice(start, end);
  }

  async function readApart(start: number, end: number): Promise<Uint8Array> {
    const res = await rangeRequest(start, end - 1);
    const parts: Buffer[] = [];
    for await (const chunk of res.body as AsyncIterable<Buffer>) parts.push(chunk);
    const bytes = Buffer.concat(parts);
    if (bytes.length !== end - start) throw new ApiError('upstream_unavailable', 'The media server sent a short range.');
    return bytes;
  }

  async function readNow(start: number, end: number): Promise<Uint8Array> {
    if (closed) throw new Error('the track is closed');
    if (start >= windowStart() && end <= position) return slice(start, end);
    if (start >= windowStart() && start <= position + SKIP_BYTES) return readAhead(start, end);
    return readApart(start, end);
  }

  let queue: Promise<unknown> = Promise.resolve();
  return {
    size,
    read(start, end) {
      const result = queue.then(() => readNow(start, Math.min(end, size)));
      queue = result.catch(() => undefined);
      return result;
    },
    requests: () => requests,
    close() {
      closed = true;
      dropStream();
      window = [];
    },
  };
}
