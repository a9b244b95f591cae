/**
 * How long a file made as it is sent will be, said before its first byte: exact when it is known in advance (a
 * fragment join), else an estimate (a packet remux, a track taken out, a transcode), which cobalt's clients read
 * from `Estimated-Content-Length` to show progress (cobalt's api/src/stream/, read 2026-11-27). Kept beside the
 * stream, by the stream, so the route that sends it reads it without knowing how it was made.
 */
import type { Readable } from 'node:stream';

export type FileLength = { exact: number } | { estimated: number };

const lengths = new WeakMap<Readable, FileLength>();

/** Says how long `file` will be (a length under 1 byte says nothing). Returns the file. */
export function announceLength<T extends Readable>(file: T, length: FileLength): T {
  const bytes = 'exact' in length ? length.exact : length.estimated;
  if (Number.isFinite(bytes) && bytes >= 1) lengths.set(file, 'exact' in length ? { exact: Math.round(bytes) } : { estimated: Math.round(bytes) });
  return file;
}

/** What was said of `file`'s length, if anything. */
export function lengthOf(file: Readable): FileLength | undefined {
  return lengths.get(file);
}

/** The headers that say it: Content-Length when exact, cobalt's Estimated-Content-Length otherwise. */
export function lengthHeaders(file: Readable): Record<string, number> {
  const length = lengths.get(file);
  if (!length) return {};
  return 'exact' in length ? { 'content-length': length.exact } : { 'estimated-content-length': length.estimated };
}
