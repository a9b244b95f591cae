/**
 * Long real DASH tracks for tests and benchmarks that need more than the 2-second fixtures: the committed
 * 1080p video track and the audio track looped by stream copy (ffmpeg, no re-encoding: a second or so), or a
 * denser 1080p source first encoded once, so a 100 MB pair has realistic packet sizes. Written to a temp dir,
 * served by the fake CDN with serveFile().
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEDIA_DIR } from './media-catalog.ts';

const FRAGMENTED = '+frag_keyframe+empty_moov+default_base_moof+global_sidx';

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
}

export interface LongTracks {
  video: string;
  audio: string;
  seconds: number;
}

/**
 * A 1080×1920 video track and an AAC track of `seconds` (a multiple of the loop length). `dense`: a 10-second
 * source at about 8 Mbit/s (real-world packet sizes), else the 2-second fixture (tiny packets, quick to make).
 */
export function makeLongTracks(seconds: number, options: { dense?: boolean; dir?: string } = {}): LongTracks {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'gramsave-long-'));
  let videoLoop = fileURLToPath(new URL('dash-video-1080x1920.mp4', MEDIA_DIR));
  let loopSeconds = 2;
  if (options.dense) {
    loopSeconds = 10;
    videoLoop = join(dir, 'dense-loop.mp4');
    if (!existsSync(videoLoop)) {
      ffmpeg([
        ...['-f', 'lavfi', '-i', `testsrc2=size=1080x1920:rate=30:duration=${loopSeconds}`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '8M', '-pix_fmt', 'yuv420p', '-g', '60', '-an'],
        ...['-movflags', FRAGMENTED, videoLoop],
      ]);
    }
  }
  const loops = Math.max(1, Math.round(seconds / loopSeconds));
  const video = join(dir, `video-${loops * loopSeconds}s.mp4`);
  const audio = join(dir, `audio-${loops * loopSeconds}s.m4a`);
  ffmpeg(['-stream_loop', String(loops - 1), '-i', videoLoop, '-c', 'copy', '-movflags', FRAGMENTED, video]);
  ffmpeg([
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${loops * loopSeconds}`],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '44100', '-frag_duration', '2000000', '-movflags', FRAGMENTED, audio],
  ]);
  return { video, audio, seconds: loops * loopSeconds };
}
