/**
 * A DASH video track and its audio track joined into one MP4 by stream copy and streamed to the client as it is
 * made (no decoding, no temporary file, bounded memory). Both tracks are read through the allow-listed upstream
 * (upstream-file.ts). Instagram's tracks are fragmented single-track MP4s, joined fragment by fragment
 * (fragment-join.ts: header fields change, samples are copied whole, at about the plain proxy's cost); any other
 * layout is remuxed packet by packet with mediabunny (mux-packets.ts). Either way the output is a fragmented MP4
 * that plays in browsers and common players. Everything that can fail before the first byte (a 403, an expired
 * URL, a host off the allow-list, a file that is not a track) does so, so the route answers a JSON error instead.
 */
import { Readable } from 'node:stream';
import { ApiError } from '../../errors/api-error.ts';
import { announceLength } from './file-length.ts';
import { planFragmentJoin, type JoinedStream } from './fragment-join.ts';
import { remuxPackets } from './mux-packets.ts';
import type { MediaUpstream } from '../proxy/proxy.ts';
import { TrackStream } from './track-stream.ts';
import { openUpstreamFile, type UpstreamFile } from './upstream-file.ts';

export interface MuxSources {
  /** The DASH video-only track. */
  video: string;
  /** Its audio track; absent for a video without sound (then the video track is served alone). */
  audio?: string;
}

export interface MuxOptions {
  /** Always remux packet by packet (tests of that path, and the bench's comparison). */
  packetsOnly?: boolean;
}

/** How far ahead of the client the joined output may run. */
const OUTPUT_HIGH_WATER = 1024 * 1024;

async function openBoth(sources: MuxSources, upstream: MediaUpstream, signal: AbortSignal): Promise<[UpstreamFile, UpstreamFile | undefined]> {
  const [video, audio] = await Promise.allSettled([
    openUpstreamFile(upstream, sources.video, signal),
    sources.audio ? openUpstreamFile(upstream, sources.audio, signal) : Promise.resolve(undefined),
  ]);
  if (video.status === 'fulfilled' && audio.status === 'fulfilled') return [video.value, audio.value];
  if (video.status === 'fulfilled') video.value.close();
  if (audio.status === 'fulfilled') audio.value?.close();
  throw video.status === 'rejected' ? video.reason : (audio as PromiseRejectedResult).reason;
}

function streamOf(join: JoinedStream, close: () => void): Readable {
  const readable = Readable.from(join(), { objectMode: false, highWaterMark: OUTPUT_HIGH_WATER });
  readable.once('close', close);
  return announceLength(readable, { exact: join.byteLength });
}

/** Opens both tracks (errors before the first byte), then streams the joined MP4. */
export async function openMuxedVideo(sources: MuxSources, upstream: MediaUpstream, signal: AbortSignal, options: MuxOptions = {}): Promise<Readable> {
  const [video, audio] = await openBoth(sources, upstream, signal);
  const close = () => {
    video.close();
    audio?.close();
  };
  if (!options.packetsOnly) {
    let join: JoinedStream | undefined;
    try {
      join = await planFragmentJoin(new TrackStream(video), audio && new TrackStream(audio));
    } catch (err) {
      close();
      if (err instanceof ApiError) throw err;
      throw new ApiError('upstream_unavailable', 'The tracks could not be read.', { cause: err });
    }
    if (join) return streamOf(join, close);
  }
  return remuxPackets(video, audio, signal);
}
