/**
 * An audio track made into cobalt's other formats as it is sent, by ffmpeg (optional at run time: ffmpeg-path.ts):
 * the M4A the sound-alone route makes (media/mux/audio-only.ts) goes into ffmpeg's stdin, the encoded file comes out
 * of its stdout and goes to the client. No temporary file. ffmpeg is killed when the download ends for any reason
 * (the client leaves, the source breaks), and at most `max` run at once on this instance (2 cores: each encode takes
 * most of one): past that, `rate_limited` (429) at once. The length is estimated from the duration and the bitrate
 * (PCM's exactly), so clients can show progress (Estimated-Content-Length).
 */
import { spawn } from 'node:child_process';
import { PassThrough, type Readable } from 'node:stream';
import { ApiError } from '../../errors/api-error.ts';
import { announceLength } from '../mux/file-length.ts';

export const AUDIO_OUTPUTS = ['mp3', 'opus', 'ogg', 'wav'] as const;
export type AudioOutput = (typeof AUDIO_OUTPUTS)[number];

/** File extension, Content-Type and ffmpeg's encoder and muxer per format (cobalt's own choices of codec). */
export const OUTPUT_FORMATS: Record<AudioOutput, { extension: string; type: string; codec: string[]; muxer: string }> = {
  mp3: { extension: '.mp3', type: 'audio/mpeg', codec: ['-c:a', 'libmp3lame'], muxer: 'mp3' },
  opus: { extension: '.opus', type: 'audio/ogg', codec: ['-c:a', 'libopus'], muxer: 'opus' },
  ogg: { extension: '.ogg', type: 'audio/ogg', codec: ['-c:a', 'libvorbis'], muxer: 'ogg' },
  wav: { extension: '.wav', type: 'audio/wav', codec: ['-c:a', 'pcm_s16le'], muxer: 'wav' },
};

/** What the source says of itself, for the estimate. */
export interface AudioFacts {
  seconds: number;
  sampleRate: number;
  channels: number;
}

export interface TranscodeSlots {
  /** Takes a slot, or says there is none: release it exactly once. */
  take(): (() => void) | undefined;
  running(): number;
}

export function createTranscodeSlots(max: number): TranscodeSlots {
  let running = 0;
  return {
    take() {
      if (running >= max) return undefined;
      running++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running--;
      };
    },
    running: () => running,
  };
}

/** How long the encoded file will be, about (PCM exactly, with its 44-byte header). */
export function estimatedTranscode(format: AudioOutput, kbps: number, facts: AudioFacts): number {
  if (format === 'wav') return 44 + Math.round(facts.seconds * facts.sampleRate) * facts.channels * 2;
  // Opus and Vorbis run a little over their nominal bitrate at low rates; mp3 at it. Container framing on top.
  return Math.round((facts.seconds * kbps * 1000) / 8 + 2048);
}

export interface TranscodeOptions {
  ffmpeg: string;
  format: AudioOutput;
  /** cobalt's audioBitrate, in kb/s (ignored for wav). */
  kbps: number;
  facts: AudioFacts;
  slots: TranscodeSlots;
  signal: AbortSignal;
}

/** Starts ffmpeg on `source` (an M4A) and returns the encoded file; ends `source` and ffmpeg with the download. */
export function transcodeAudio(source: Readable, options: TranscodeOptions): Readable {
  const release = options.slots.take();
  if (!release) {
    source.destroy();
    throw new ApiError('rate_limited', 'This server is converting as much audio as it can: try again in a few seconds.', {
      source: 'instance',
      headers: { 'Retry-After': '5' },
    });
  }
  const { format, kbps } = options;
  const output = OUTPUT_FORMATS[format];
  const bitrate = format === 'wav' ? [] : ['-b:a', `${kbps}k`];
  const child = spawn(options.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', 'pipe:0', '-vn', '-map_metadata', '-1', ...output.codec, ...bitrate, '-f', output.muxer, 'pipe:1'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const file = new PassThrough();
  let stderr = '';
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    source.destroy();
  };
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 2000) stderr += chunk.toString();
  });
  child.once('close', (code) => {
    release();
    if (code !== 0 && !file.destroyed) file.destroy(new Error(`ffmpeg stopped (${code ?? 'killed'}): ${stderr.trim().slice(0, 300)}`));
  });
  child.once('error', (err) => {
    release();
    file.destroy(err);
    source.destroy();
  });
  // The client left, or the file ended early: nothing more to make.
  file.once('close', stop);
  options.signal.addEventListener('abort', stop, { once: true });
  source.once('error', (err) => {
    stop();
    file.destroy(err);
  });
  child.stdin.on('error', () => undefined); // ffmpeg killed while it was being fed
  source.pipe(child.stdin);
  child.stdout.pipe(file);
  return announceLength(file, { estimated: estimatedTranscode(format, kbps, options.facts) });
}
