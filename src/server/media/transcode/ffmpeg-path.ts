/**
 * Where ffmpeg is, if anywhere: FFMPEG_PATH when set (`off` turns transcoding off), else `ffmpeg` on PATH. ffmpeg
 * is optional at run time: without it every audio download is the original AAC (.m4a), as before; with it cobalt's
 * `audioFormat` mp3, opus, ogg and wav are made as they are sent (audio-transcode.ts).
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

export function findFfmpeg(configured: string | undefined, searchPath = process.env.PATH ?? ''): string | undefined {
  if (configured === 'off') return undefined;
  if (configured) return executable(configured) ? configured : undefined;
  return searchPath
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, 'ffmpeg'))
    .find(executable);
}
