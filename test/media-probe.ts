/**
 * What ffprobe and ffmpeg say of media bytes, for tests: the streams and duration, a full decode (a file that
 * only looks right to ffprobe fails it), and the MD5 of one stream's packets copied out (equal packets, equal
 * MD5: proof that a join moved no sample). Bytes go through a temporary file removed when the process exits.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  duration?: string;
  start_time?: string;
}

let dir: string | undefined;
let count = 0;

/** A path for the bytes (or the path given). */
function fileOf(media: Uint8Array | string): string {
  if (typeof media === 'string') return media;
  if (!dir) {
    dir = mkdtempSync(join(tmpdir(), 'gramsave-probe-'));
    const made = dir;
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  const file = join(dir, `media-${++count}.mp4`);
  writeFileSync(file, media);
  return file;
}

export function probe(media: Uint8Array | string): { streams: ProbedStream[]; duration: number } {
  const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', fileOf(media)]).toString());
  return { streams: out.streams, duration: Number(out.format.duration) };
}

/** Decodes every frame and fails on the first error. */
export function decodes(media: Uint8Array | string): void {
  execFileSync('ffmpeg', ['-v', 'error', '-xerror', '-i', fileOf(media), '-f', 'null', '-']);
}

/** MD5 of the packets of the first stream of a kind, copied without decoding. */
export function packetsMd5(media: Uint8Array | string, kind: 'v' | 'a'): string {
  return execFileSync('ffmpeg', ['-v', 'error', '-i', fileOf(media), '-map', `0:${kind}:0`, '-c', 'copy', '-f', 'md5', '-']).toString().trim();
}
