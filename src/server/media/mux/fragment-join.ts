/**
 * Two fragmented single-track MP4s (a DASH video track and its audio track, as Instagram serves them) joined
 * into one fragmented MP4 without touching a sample: one moov holding both tracks (renumbered 1 and 2), then
 * the tracks' own moof+mdat fragments copied whole, interleaved by decode time. Only header fields change (track
 * ids, fragment sequence numbers, movie-timescale durations, an absolute base offset where a track uses one),
 * so the join costs about what the plain proxy costs. A file of another shape (samples in a plain moov, several
 * tracks, track references) is not joined here: the caller then remuxes it packet by packet (mux-packets.ts).
 */
import { childrenOf, Mp4Error, readUint, required, versionAndFlags, writeUint } from './mp4-box.ts';
import { onlyTraf, readFragment, readInit, rootOf, type Fragment, type TrackInit } from './fragment-read.ts';
import { joinedHeader, type JoinedTrack } from './joined-header.ts';
import type { TrackStream } from './track-stream.ts';

/** One track's progress through its file. */
interface Track extends JoinedTrack {
  stream: TrackStream;
  next: Fragment | undefined;
}

/** The fragment's moof as it goes out: the joined file's sequence number and track id, its base offset moved. */
function patchMoof(fragment: Fragment, id: number, sequence: number, outputStart: number): Uint8Array {
  const moof = fragment.moof;
  const mfhd = required(childrenOf(moof, rootOf(moof)), 'mfhd');
  writeUint(moof, mfhd, 4, 4, sequence);
  const tfhd = required(childrenOf(moof, onlyTraf(moof)), 'tfhd');
  writeUint(moof, tfhd, 4, 4, id);
  if (versionAndFlags(moof, tfhd).flags & 0x000001) {
    // base-data-offset-present: an absolute file position, moved with the fragment.
    const base = readUint(moof, tfhd, 8, 8);
    writeUint(moof, tfhd, 8, 8, base - fragment.sourceStart + outputStart);
  }
  return moof;
}

/** The boxes after a moof up to and including its mdat, passed through as they arrive. */
async function* fragmentBody(stream: TrackStream): AsyncGenerator<Uint8Array> {
  for (;;) {
    const box = await stream.peek();
    if (!box || box.type === 'moof') throw new Mp4Error('a moof without its mdat');
    yield* stream.pass(box.size);
    if (box.type === 'mdat') return;
  }
}

/** The joined file's bytes, and how many there will be (known before the first is sent: Content-Length). */
export interface JoinedStream {
  (): AsyncGenerator<Uint8Array>;
  byteLength: number;
}

/** A `free` box of `size` bytes (size ≥ 8): room a reader skips. */
function freeBox(size: number): Uint8Array {
  const box = new Uint8Array(size);
  new DataView(box.buffer).setUint32(0, size);
  box.set([0x66, 0x72, 0x65, 0x65], 4); // 'free'
  return box;
}

/**
 * Reads both tracks' init segments and first fragments (so a file we cannot join, or cannot read, is known
 * before a byte is sent) and returns the joined file's bytes as a generator; undefined when the files are not
 * both single-track fragmented MP4s of the expected kinds.
 */
export async function planFragmentJoin(video: TrackStream, audio: TrackStream | undefined): Promise<JoinedStream | undefined> {
  const tracks: Track[] = [];
  for (const [stream, handler] of [[video, 'vide'], ...(audio ? [[audio, 'soun'] as const] : [])] as const) {
    let init: TrackInit | undefined;
    try {
      init = await readInit(stream);
    } catch (err) {
      if (err instanceof Mp4Error) return undefined;
      throw err;
    }
    if (!init || init.handler !== handler || init.mediaTimescale === 0 || init.movieTimescale === 0) return undefined;
    tracks.push({ stream, init, id: tracks.length + 1, next: undefined });
  }
  for (const track of tracks) {
    try {
      track.next = await readFragment(track.stream, track.init);
    } catch (err) {
      if (err instanceof Mp4Error) return undefined;
      throw err;
    }
    if (!track.next) return undefined;
  }
  const header = joinedHeader(tracks);
  // Every byte from a track's first moof on is copied, in place, except boxes between fragments (an mfra, say),
  // which are dropped: the file is at most this long, and a `free` box at the end makes up what was dropped, so
  // the length is exact before the first byte is sent.
  const byteLength = header.reduce((sum, part) => sum + part.length, 0) + tracks.reduce((sum, t) => sum + t.stream.size - t.next!.sourceStart, 0);

  const joined = async function* joined() {
    let written = 0;
    for (const part of header) {
      yield part;
      written += part.length;
    }
    for (let sequence = 1; ; sequence++) {
      let pick: Track | undefined;
      for (const track of tracks) if (track.next && (!pick || track.next.seconds < pick.next!.seconds)) pick = track;
      if (!pick) {
        const dropped = byteLength - written;
        // Dropped boxes are whole boxes of 8 bytes or more; anything else is a file we misread: cut, never a wrong length.
        if (dropped >= 8 && dropped < 2 ** 32) yield freeBox(dropped);
        else if (dropped !== 0) throw new Mp4Error(`${dropped} bytes short of the announced length`);
        return;
      }
      const moof = patchMoof(pick.next!, pick.id, sequence, written);
      yield moof;
      written += moof.length;
      for await (const piece of fragmentBody(pick.stream)) {
        yield piece;
        written += piece.length;
      }
      pick.next = await readFragment(pick.stream, pick.init);
    }
  };
  return Object.assign(joined, { byteLength });
}
