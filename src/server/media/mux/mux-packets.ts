/**
 * A video track and its audio track joined packet by packet (mediabunny: stream copy, no decoding, no temporary
 * file): the general join, for tracks that fragment-join.ts cannot copy fragment by fragment (samples in a plain
 * moov, other layouts). Packets go into the output in timestamp order, one at a time, so memory stays at a
 * fragment whatever the length, and a slow client holds everything back (backpressure end to end). The output
 * is a fragmented MP4 (moov first, then moof/mdat pairs). Everything that can fail before the first byte (a file
 * that is not a track) does so, so the route answers a JSON error instead.
 */
import { Readable } from 'node:stream';
import {
  CustomSource,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  MP4,
  Mp4OutputFormat,
  Output,
  StreamTarget,
  type EncodedPacket,
  type InputAudioTrack,
  type InputTrack,
  type InputVideoTrack,
} from 'mediabunny';
import { ApiError } from '../../errors/api-error.ts';
import { announceLength } from './file-length.ts';
import type { UpstreamFile } from './upstream-file.ts';

/** How far ahead of the client the output may run (one fragment or so is enough to keep the pipe full). */
const OUTPUT_HIGH_WATER = 1024 * 1024;

function sourceOf(file: UpstreamFile): CustomSource {
  // mediabunny's own cache stays small: the upstream file keeps its window, the output is streamed.
  return new CustomSource({
    getSize: () => file.size,
    read: (start, end) => file.read(start, end),
    maxCacheSize: 1024 * 1024,
    // A read left pending when the download ends (the client left, a track broke) has nobody to tell.
    handleUnhandledError: () => undefined,
  });
}

export interface OpenTrack {
  file: UpstreamFile;
  input: Input;
  track: InputTrack;
}

/** The file's first track of a kind; `missing` is the error when the file has none (by default: it could not be read). */
export async function openTrack(file: UpstreamFile, kind: 'video' | 'audio', missing?: () => ApiError): Promise<OpenTrack> {
  const input = new Input({ source: sourceOf(file), formats: [MP4] });
  try {
    const track = kind === 'video' ? await input.getPrimaryVideoTrack() : await input.getPrimaryAudioTrack();
    if (!track && missing) throw missing();
    if (!track || !track.codec) throw new ApiError('upstream_unavailable', `The ${kind} track could not be read.`);
    return { file, input, track };
  } catch (err) {
    input.dispose();
    file.close();
    if (err instanceof ApiError) throw err;
    throw new ApiError('upstream_unavailable', `The ${kind} track could not be read.`, { cause: err });
  }
}

export function closeTrack(open: OpenTrack | undefined): void {
  if (!open) return;
  open.input.dispose();
  open.file.close();
}

/** The output as a Node stream: mediabunny's writes wait while the client is not reading. */
export function outputStream(): { readable: Readable; target: StreamTarget } {
  let resume: (() => void) | undefined;
  let written = 0;
  const readable = new Readable({
    highWaterMark: OUTPUT_HIGH_WATER,
    read() {
      resume?.();
      resume = undefined;
    },
  });
  const target = new StreamTarget(
    new WritableStream({
      write(chunk) {
        // A fragmented MP4 is written front to back; a seek back would mean a muxer change we must hear about.
        if (chunk.position !== written) throw new Error(`the muxer wrote at ${chunk.position}, expected ${written}`);
        written += chunk.data.length;
        if (readable.destroyed) throw new Error('the client is gone');
        // No copy: StreamTarget hands over a buffer it made for this write and never touches again.
        if (readable.push(Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength))) return;
        return new Promise<void>((resolve) => (resume = resolve));
      },
    }),
  );
  return { readable, target };
}

/** Packets of both tracks in timestamp order, one at a time (bounded memory, interleaved output). */
async function* interleaved(tracks: { sink: EncodedPacketSink; index: number }[]): AsyncGenerator<{ index: number; packet: EncodedPacket }> {
  const iterators = tracks.map((t) => t.sink.packets()[Symbol.asyncIterator]());
  const heads = await Promise.all(iterators.map((it) => it.next()));
  try {
    for (;;) {
      let pick = -1;
      for (let i = 0; i < heads.length; i++) {
        if (heads[i]!.done) continue;
        if (pick < 0 || heads[i]!.value!.timestamp < heads[pick]!.value!.timestamp) pick = i;
      }
      if (pick < 0) return;
      yield { index: tracks[pick]!.index, packet: heads[pick]!.value as EncodedPacket };
      heads[pick] = await iterators[pick]!.next();
    }
  } finally {
    await Promise.all(iterators.map((it) => it.return?.()));
  }
}

/**
 * About how many bytes a track's samples come to, from its sample table (no sample is read), with a little framing
 * per packet: what a file made of these tracks is estimated at (file-length.ts).
 */
export async function trackBytes(track: InputTrack): Promise<number> {
  const [stats, seconds] = await Promise.all([track.computePacketStats(), track.computeDuration()]);
  return (stats.averageBitrate * seconds) / 8 + stats.packetCount * 8;
}

/** Reads both tracks' headers (errors before the first byte), then streams the joined MP4. Closes the files when done. */
export async function remuxPackets(videoFile: UpstreamFile, audioFile: UpstreamFile | undefined, signal: AbortSignal): Promise<Readable> {
  const [videoResult, audioResult] = await Promise.allSettled([
    openTrack(videoFile, 'video'),
    audioFile ? openTrack(audioFile, 'audio') : Promise.resolve(undefined),
  ]);
  if (videoResult.status === 'rejected' || audioResult.status === 'rejected') {
    if (videoResult.status === 'fulfilled') closeTrack(videoResult.value);
    if (audioResult.status === 'fulfilled') closeTrack(audioResult.value);
    videoFile.close();
    audioFile?.close();
    throw videoResult.status === 'rejected' ? videoResult.reason : (audioResult as PromiseRejectedResult).reason;
  }
  const video = videoResult.value;
  const audio = audioResult.value;
  let configs: [VideoDecoderConfig, AudioDecoderConfig | undefined];
  let estimate: number;
  try {
    const videoConfig = await (video.track as InputVideoTrack).getDecoderConfig();
    const audioConfig = audio ? await (audio.track as InputAudioTrack).getDecoderConfig() : undefined;
    if (!videoConfig || audioConfig === null) throw new Error('no decoder configuration');
    configs = [videoConfig, audioConfig];
    estimate = 4096 + (await trackBytes(video.track)) + (audio ? await trackBytes(audio.track) : 0);
  } catch (err) {
    closeTrack(video);
    closeTrack(audio);
    throw new ApiError('upstream_unavailable', 'The tracks could not be read.', { cause: err });
  }

  const { readable, target } = outputStream();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'fragmented' }), target });
  const videoTrack = video.track as InputVideoTrack;
  const videoSource = new EncodedVideoPacketSource(videoTrack.codec!);
  output.addVideoTrack(videoSource, { rotation: videoTrack.rotation });
  const audioTrack = audio?.track as InputAudioTrack | undefined;
  const audioSource = audioTrack ? new EncodedAudioPacketSource(audioTrack.codec!) : undefined;
  if (audioSource) output.addAudioTrack(audioSource);

  const cleanUp = () => {
    closeTrack(video);
    closeTrack(audio);
  };

  async function run(): Promise<void> {
    await output.start();
    const sinks = [{ sink: new EncodedPacketSink(videoTrack), index: 0 }];
    if (audioTrack) sinks.push({ sink: new EncodedPacketSink(audioTrack), index: 1 });
    const first = [true, true];
    // The muxer numbers decode times from the earliest presentation time, which already carries the B-frame delay:
    // taking that delay off the video packets keeps every frame at its source time (and in sync with the audio).
    const videoShift = (await videoTrack.getFirstTimestamp()) ?? 0;
    for await (const { index, packet } of interleaved(sinks)) {
      if (signal.aborted || readable.destroyed) throw new Error('the client is gone');
      const isFirst = first[index];
      first[index] = false;
      if (index === 0) await videoSource.add(videoShift ? packet.clone({ timestamp: packet.timestamp - videoShift }) : packet, isFirst ? { decoderConfig: configs[0] } : undefined);
      else await audioSource!.add(packet, isFirst ? { decoderConfig: configs[1]! } : undefined);
    }
    videoSource.close();
    audioSource?.close();
    await output.finalize();
    readable.push(null);
  }

  readable.once('close', () => {
    if (output.state !== 'finalized') void output.cancel().catch(() => undefined);
    cleanUp();
  });
  run().catch((err: unknown) => {
    void output.cancel().catch(() => undefined);
    cleanUp();
    readable.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return announceLength(readable, { estimated: estimate });
}
