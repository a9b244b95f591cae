/**
 * A post's items (or a batch's, in one folder per post) as one streamed ZIP. Items are fetched one after another and each body is streamed
 * straight into the archive, so memory stays flat whatever the sizes. A body that breaks is resumed
 * with a Range request (guarded by If-Range); an item that still fails is left out of the central
 * directory and named in `missing.txt`. The answer starts only once the first item is open, so a ZIP
 * whose every item fails is a JSON error instead of an empty archive. A video whose best quality is a DASH
 * track goes in joined with its audio (mux/mux.ts), as the single download does.
 */
import { Readable } from 'node:stream';
import { ApiError } from '../../errors/api-error.ts';
import { openMuxedVideo } from '../mux/mux.ts';
import { header, type MediaUpstream, type UpstreamResponse } from '../proxy/proxy.ts';
import { ClientGone } from '../proxy/upstream-errors.ts';
import { entryNames, failureReason, missingText, type ArchiveEntry, type MissingWords, type ZipFailure } from './entries.ts';
import { sizesOf } from './item-sizes.ts';
import { StoredZipWriter } from './zip-writer.ts';
import { combinedFailure } from '../../errors/combined-failure.ts';
import { missingLine, planSizedArchive, type SizedArchivePlan } from './zip-length.ts';

const MAX_RESUMES = 2;

export interface OpenedArchive {
  stream: Readable;
  /** The archive's exact length, announced when every item's size was known in advance. */
  length?: number;
}

export interface ArchiveOptions {
  /** Failures known before the archive starts (a batch's posts that could not be looked up). */
  missing?: ZipFailure[];
  /** The name of the list of what is missing. */
  missingName?: string;
  /** Its words in the visitor's language (zip/missing-words.ts); the errors' own English without. */
  missingWords?: MissingWords;
}

export async function openZipArchive(entries: ArchiveEntry[], upstream: MediaUpstream, signal: AbortSignal, options: ArchiveOptions = {}): Promise<OpenedArchive> {
  const names = entryNames([...entries.map((item) => ({ folder: item.folder, name: item.f })), options.missingName ?? 'missing.txt']);
  const missingName = names.pop()!;
  const failures: ZipFailure[] = [...(options.missing ?? [])];

  /** An item ready to stream: a CDN response, or a joined DASH video being made. */
  type Opened = UpstreamResponse | Readable;

  async function tryOpen(index: number): Promise<Opened | undefined> {
    const item = entries[index]!;
    try {
      if (item.x) return await openMuxedVideo({ video: item.u, audio: item.a }, upstream, signal);
      const res = await upstream.open(item.u, { signal });
      if (res.status === 200) return res;
      res.body.destroy();
      throw new ApiError('upstream_unavailable', `The media server answered ${res.status}.`);
    } catch (err) {
      if (err instanceof ApiError) {
        failures.push({ name: names[index]!, error: err });
        return undefined;
      }
      throw err; // ClientGone or a bug: stop the archive
    }
  }

  let first = 0;
  let firstResponse: Opened | undefined;

  /** Streams one opened item into the archive, resuming a broken body; abandons it if that fails. */
  async function* writeEntry(writer: StoredZipWriter, index: number, opened: UpstreamResponse): AsyncGenerator<Buffer> {
    const lengthHeader = header(opened.headers, 'content-length');
    const length = lengthHeader !== undefined && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
    const validator = header(opened.headers, 'etag') ?? header(opened.headers, 'last-modified');
    let res = opened;
    let received = 0;
    let resumes = 0;
    try {
      yield writer.begin(names[index]!, length);
      for (;;) {
        try {
          for await (const chunk of res.body as AsyncIterable<Buffer>) {
            if (length !== undefined && received + chunk.length > length) {
              // More than announced: not a network hiccup to resume, and a plain entry must not outgrow its header.
              writer.abandon();
              failures.push({ name: names[index]!, error: new ApiError('upstream_unavailable', 'The media server sent more data than it announced.') });
              return;
            }
            writer.update(chunk);
            received += chunk.length;
            yield chunk;
          }
          if (length !== undefined && received !== length) throw new Error(`body ended at ${received} of ${length} bytes`);
          yield writer.end();
          return;
        } catch (err) {
          if (signal.aborted) throw new ClientGone('client closed the connection', { cause: err });
          const resumed = resumes < MAX_RESUMES && validator ? await resume(entries[index]!.u, received, validator) : undefined;
          if (!resumed) {
            writer.abandon();
            failures.push({ name: names[index]!, error: new ApiError('upstream_unavailable', 'The download broke off and could not be resumed.', { cause: err }) });
            return;
          }
          resumes++;
          res = resumed;
        }
      }
    } finally {
      res.body.destroy();
    }
  }

  /** A joined video, of unknown length until it ends; it cannot be resumed, so a break leaves it out. */
  async function* writeMuxedEntry(writer: StoredZipWriter, index: number, video: Readable): AsyncGenerator<Buffer> {
    try {
      yield writer.begin(names[index]!, undefined);
      for await (const chunk of video as AsyncIterable<Buffer>) {
        writer.update(chunk);
        yield chunk;
      }
      yield writer.end();
    } catch (err) {
      if (signal.aborted) throw new ClientGone('client closed the connection', { cause: err });
      writer.abandon();
      failures.push({ name: names[index]!, error: new ApiError('upstream_unavailable', 'The video broke off while it was being joined.', { cause: err }) });
    } finally {
      video.destroy();
    }
  }

  const write = (writer: StoredZipWriter, index: number, opened: Opened) =>
    opened instanceof Readable ? writeMuxedEntry(writer, index, opened) : writeEntry(writer, index, opened);

  async function resume(url: string, from: number, validator: string): Promise<UpstreamResponse | undefined> {
    try {
      const res = await upstream.open(url, { signal, headers: { range: `bytes=${from}-`, 'if-range': validator } });
      if (res.status === 206 && header(res.headers, 'content-range')?.startsWith(`bytes ${from}-`)) return res;
      res.body.destroy(); // the file changed (200) or an odd answer: do not splice two versions
      return undefined;
    } catch (err) {
      if (err instanceof ApiError) return undefined;
      throw err;
    }
  }

  async function* archive(): AsyncGenerator<Buffer> {
    const writer = new StoredZipWriter();
    yield* write(writer, first - 1, firstResponse!);
    for (let index = first; index < entries.length; index++) {
      const opened = await tryOpen(index);
      if (opened) yield* write(writer, index, opened);
    }
    if (failures.length > 0) {
      const text = Buffer.from(missingText(failures, options.missingWords), 'utf8');
      yield writer.begin(missingName, text.length);
      writer.update(text);
      yield text;
      yield writer.end();
    }
    yield writer.finish();
  }

  /** The archive with its length announced: every region fixed in advance, padding where an item breaks off. */
  async function* sizedArchive(sizes: number[], plan: SizedArchivePlan): AsyncGenerator<Buffer> {
    const writer = new StoredZipWriter();
    for (let index = 0; index < entries.length; index++) {
      const start = writer.bytesWritten;
      const opened = (await tryOpen(index)) as UpstreamResponse | undefined;
      if (opened) {
        const length = header(opened.headers, 'content-length');
        if (length === String(sizes[index])) yield* writeEntry(writer, index, opened);
        else {
          opened.body.destroy();
          failures.push({ name: names[index]!, error: new ApiError('upstream_unavailable', 'The file changed while the archive was being made.') });
        }
      }
      const used = writer.bytesWritten - start;
      if (used < plan.regions[index]!) yield writer.pad(plan.regions[index]! - used);
    }
    const start = writer.bytesWritten;
    if (failures.length > 0) {
      const text = Buffer.from(missingText(failures, options.missingWords), 'utf8').subarray(0, plan.missingReserve);
      yield writer.begin(missingName, text.length);
      writer.update(text);
      yield text;
      yield writer.end();
    }
    const used = writer.bytesWritten - start;
    if (used < plan.missingRegion) yield writer.pad(plan.missingRegion - used);
    yield writer.finish(plan.fullCentral - writer.centralDirectoryLength);
    if (writer.bytesWritten !== plan.total) throw new Error(`archive of ${writer.bytesWritten} bytes, ${plan.total} announced`);
  }

  /**
   * Plain files only (a joined video's size is unknown until it is made), every size known: the length is
   * announced. Otherwise (a size unknown, an item failing already) the archive streams without one.
   */
  async function withLength(): Promise<OpenedArchive | undefined> {
    const sizes = await sizesOf(entries.map((entry) => entry.u), upstream, signal);
    if (!sizes) return undefined;
    const plan = planSizedArchive(entries.map((_, index) => ({ name: names[index]!, size: sizes[index]! })), missingName, failures.map((f) => missingLine(f.name, failureReason(f, options.missingWords))),
      options.missingWords?.heading,
    );
    if (!plan) return undefined;
    return { stream: Readable.from(sizedArchive(sizes, plan), { objectMode: false, highWaterMark: 256 * 1024 }), length: plan.total };
  }

  if (entries.length > 0 && !entries.some((e) => e.x)) {
    const sized = await withLength();
    if (sized) return sized;
  }

  for (; first < entries.length && !firstResponse; first++) firstResponse = await tryOpen(first);
  if (!firstResponse) throw combinedFailure(failures.map((f) => f.error), 'None of the files of this archive could be fetched.');

  // A few chunks of slack between the CDN and the client keep the generator from stalling on every chunk.
  return { stream: Readable.from(archive(), { objectMode: false, highWaterMark: 256 * 1024 }) };
}
