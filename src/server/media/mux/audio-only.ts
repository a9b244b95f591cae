/**
 * The sound of a video file (an older post's progressive MP4, picture and sound in one file, no separate audio
 * track) taken out alone as an M4A: its AAC packets copied one at a time into a fragmented MP4 with one audio track
 * (mediabunny: stream copy, no decoding, no temporary file, bounded memory). The file is read through the
 * allow-listed upstream like the joins' tracks. A file without sound, or that is no track at all, fails before the
 * first byte, so the route answers a JSON error instead.
 */
import type { Readable } from 'node:stream';
import { EncodedAudioPacketSource, EncodedPacketSink, Mp4OutputFormat, Output, type InputAudioTrack } from 'mediabunny';
import { ApiError } from '../../errors/api-error.ts';
import type { MediaUpstream } from '../proxy/proxy.ts';
import type { AudioFacts } from '../transcode/audio-transcode.ts';
import { announceLength } from './file-length.ts';
import { closeTrack, openTrack, outputStream, trackBytes } from './mux-packets.ts';
import { openUpstreamFile } from './upstream-file.ts';

const factsOf = new WeakMap<Readable, AudioFacts>();

/** The duration, sample rate and channels of a sound from openAudioOnly (for a transcode's estimate). */
export function audioFactsOf(file: Readable): AudioFacts | undefined {
  return factsOf.get(file);
}

const noSound = () => new ApiError('no_media', 'This video has no sound to download.');

/** Opens the file and its audio track (errors before the first byte), then streams the M4A. Closes the file when done. */
export async function openAudioOnly(url: string, upstream: MediaUpstream, signal: AbortSignal): Promise<Readable> {
  const audio = await openTrack(await openUpstreamFile(upstream, url, signal), 'audio', noSound);
  const track = audio.track as InputAudioTrack;
  let config: AudioDecoderConfig;
  let estimate: number;
  let facts: AudioFacts;
  try {
    const found = await track.getDecoderConfig();
    if (!found) throw new Error('no decoder configuration');
    config = found;
    estimate = 1024 + (await trackBytes(track));
    facts = { seconds: await track.computeDuration(), sampleRate: track.sampleRate, channels: track.numberOfChannels };
  } catch (err) {
    closeTrack(audio);
    throw new ApiError('upstream_unavailable', 'The audio track could not be read.', { cause: err });
  }

  const { readable, target } = outputStream();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'fragmented' }), target });
  const source = new EncodedAudioPacketSource(track.codec!);
  output.addAudioTrack(source);

  async function run(): Promise<void> {
    await output.start();
    let first = true;
    for await (const packet of new EncodedPacketSink(track).packets()) {
      if (signal.aborted || readable.destroyed) throw new Error('the client is gone');
      await source.add(packet, first ? { decoderConfig: config } : undefined);
      first = false;
    }
    source.close();
    await output.finalize();
    readable.push(null);
  }

  readable.once('close', () => {
    if (output.state !== 'finalized') void output.cancel().catch(() => undefined);
    closeTrack(audio);
  });
  run().catch((err: unknown) => {
    void output.cancel().catch(() => undefined);
    closeTrack(audio);
    readable.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  factsOf.set(readable, facts);
  return announceLength(readable, { estimated: estimate });
}
