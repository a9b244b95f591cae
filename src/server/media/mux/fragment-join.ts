/**
 * Two fragmented single-track MP4s (a DASH video track and its audio track, as Instagram serves them) joined
 * into one fragmented MP4 without touching a sample: one moov holding both tracks (renumbered 1 and 2), then
 * the tracks' own moof+mdat fragments copied whole, interleaved by decode time. Only header fields change (track
 * ids, fragment sequence numbers, movie-timescale durations, an absolute base offset where a track uses one),
 * so the join costs about what the plain proxy costs. A file of another shape (samples in a plain moov, several
 * tracks, track references) is not joined here: the caller then remuxes it packet by packet (mux-packets.ts).
 */
import {
  childrenOf,
  copyOf,
  find,
  makeBox,
  Mp4Error,
  readUint,
  required,
  versionAndFlags,
  writeUint,
  children,
  type Box,
} from './mp4-box.ts';
import type { TrackStream } from './track-stream.ts';

/** Init boxes larger than this are not a fragmented track's (its moov holds no sample tables). */
const MAX_INIT_BOX = 4 * 1024 * 1024;
/** A moof lists one fragment's samples: a few kilobytes; far more means a file we do not join. */
const MAX_MOOF = 8 * 1024 * 1024;

interface TrackInit {
  ftyp?: Uint8Array;
  moov: Uint8Array;
  mvhd: Box;
  trak: Box;
  trex: Box;
  mehd?: Box;
  movieTimescale: number;
  mediaTimescale: number;
  handler: string;
}

interface Fragment {
  moof: Uint8Array;
  /** Where the moof started in its source file (a base_data_offset is relative to the file). */
  sourceStart: number;
  /** Decode time of the fragment's first sample, in seconds. */
  seconds: number;
}

/** One track's progress through its file. */
interface Track {
  stream: TrackStream;
  init: TrackInit;
  id: number;
  next: Fragment | undefined;
}

const MVHD_TIMESCALE = { 0: 12, 1: 20 } as const;
const MVHD_DURATION = { 0: 16, 1: 24 } as const;
const TKHD_ID = { 0: 12, 1: 20 } as const;
const TKHD_DURATION = { 0: 20, 1: 28 } as const;
const MDHD_TIMESCALE = { 0: 12, 1: 20 } as const;

function version(bytes: Uint8Array, box: Box): 0 | 1 {
  const { version: v } = versionAndFlags(bytes, box);
  if (v !== 0 && v !== 1) throw new Mp4Error(`${box.type} version ${v}`);
  return v;
}

const width = (v: 0 | 1): 4 | 8 => (v === 1 ? 8 : 4);

/** The one box a copied buffer holds. */
const rootOf = (bytes: Uint8Array): Box => children(bytes)[0]!;

/** The init segment: boxes up to the first moof. Undefined when the file is not one fragmented track. */
async function readInit(stream: TrackStream): Promise<TrackInit | undefined> {
  let ftyp: Uint8Array | undefined;
  let moov: Uint8Array | undefined;
  for (;;) {
    const box = await stream.peek();
    if (!box || box.type === 'mdat') return undefined; // samples outside fragments: not ours to join
    if (box.type === 'moof') break;
    if (box.type === 'ftyp' || box.type === 'moov') {
      if (box.size > MAX_INIT_BOX) return undefined;
      const bytes = await stream.take(box.size);
      if (box.type === 'ftyp') ftyp = bytes;
      else moov = bytes;
    } else stream.skip(box.size); // sidx, free, styp…: their byte positions mean nothing in the joined file
  }
  if (!moov) return undefined;
  const inMoov = childrenOf(moov, rootOf(moov));
  const traks = inMoov.filter((b) => b.type === 'trak');
  const mvex = inMoov.find((b) => b.type === 'mvex');
  if (traks.length !== 1 || !mvex) return undefined;
  const trak = traks[0]!;
  if (find(moov, trak, 'tref')) return undefined;
  const inMvex = childrenOf(moov, mvex);
  const trex = required(inMvex, 'trex');
  const mvhd = required(inMoov, 'mvhd');
  const mdhd = find(moov, trak, 'mdia', 'mdhd');
  const hdlr = find(moov, trak, 'mdia', 'hdlr');
  if (!mdhd || !hdlr) return undefined;
  const handlerBytes = moov.subarray(hdlr.body + 8, hdlr.body + 12);
  return {
    ...(ftyp ? { ftyp } : {}),
    moov,
    mvhd,
    trak,
    trex,
    ...(inMvex.some((b) => b.type === 'mehd') ? { mehd: required(inMvex, 'mehd') } : {}),
    movieTimescale: readUint(moov, mvhd, MVHD_TIMESCALE[version(moov, mvhd)], 4),
    mediaTimescale: readUint(moov, mdhd, MDHD_TIMESCALE[version(moov, mdhd)], 4),
    handler: String.fromCharCode(...handlerBytes),
  };
}

/** The next moof of a track (boxes between fragments, like a trailing mfra, are left out); undefined at the end. */
async function readFragment(stream: TrackStream, init: TrackInit): Promise<Fragment | undefined> {
  for (;;) {
    const box = await stream.peek();
    if (!box) return undefined;
    if (box.type === 'mdat') throw new Mp4Error('an mdat without its moof');
    if (box.type !== 'moof') {
      stream.skip(box.size);
      continue;
    }
    if (box.size > MAX_MOOF) throw new Mp4Error('a moof too large to be one fragment');
    const moof = await stream.take(box.size);
    const traf = onlyTraf(moof);
    const tfdt = required(childrenOf(moof, traf), 'tfdt');
    const decodeTime = readUint(moof, tfdt, 4, width(version(moof, tfdt)));
    return { moof, sourceStart: box.start, seconds: decodeTime / init.mediaTimescale };
  }
}

function onlyTraf(moof: Uint8Array): Box {
  const trafs = childrenOf(moof, rootOf(moof)).filter((b) => b.type === 'traf');
  if (trafs.length !== 1) throw new Mp4Error(`a moof with ${trafs.length} track fragments`);
  return trafs[0]!;
}

/** Movie-timescale value of one track expressed in another movie timescale. */
function rescale(value: number, from: number, to: number): number {
  return from === to ? value : Math.round((value * to) / from);
}

/** A track's trak box for the joined moov: its new id, and durations in the joined movie's timescale. */
function joinedTrak(init: TrackInit, id: number, movieTimescale: number): Uint8Array {
  const trak = copyOf(init.moov, init.trak);
  const root = rootOf(trak);
  const tkhd = required(childrenOf(trak, root), 'tkhd');
  const v = version(trak, tkhd);
  writeUint(trak, tkhd, TKHD_ID[v], 4, id);
  const duration = readUint(trak, tkhd, TKHD_DURATION[v], width(v));
  // An all-ones duration means "unknown" and stays so.
  if (duration !== (v === 1 ? Number.MAX_SAFE_INTEGER : 0xffffffff)) writeUint(trak, tkhd, TKHD_DURATION[v], width(v), rescale(duration, init.movieTimescale, movieTimescale));
  const elst = find(trak, root, 'edts', 'elst');
  if (elst) {
    const ev = version(trak, elst);
    const entries = readUint(trak, elst, 4, 4);
    const entrySize = ev === 1 ? 20 : 12;
    for (let i = 0; i < entries; i++) {
      const at = 8 + i * entrySize;
      writeUint(trak, elst, at, width(ev), rescale(readUint(trak, elst, at, width(ev)), init.movieTimescale, movieTimescale));
    }
  }
  return trak;
}

function joinedTrex(init: TrackInit, id: number): Uint8Array {
  const trex = copyOf(init.moov, init.trex);
  writeUint(trex, rootOf(trex), 4, 4, id);
  return trex;
}

/** ftyp + moov of the joined file: the video track's movie header, both tracks, both tracks' fragment defaults. */
function joinedHeader(tracks: Track[]): Uint8Array[] {
  const [video] = tracks as [Track, ...Track[]];
  const timescale = video.init.movieTimescale;
  const mvhd = copyOf(video.init.moov, video.init.mvhd);
  const mvhdBox = rootOf(mvhd);
  const mv = version(mvhd, mvhdBox);
  const longest = (read: (init: TrackInit) => number) => Math.max(...tracks.map((t) => rescale(read(t.init), t.init.movieTimescale, timescale)));
  writeUint(mvhd, mvhdBox, MVHD_DURATION[mv], width(mv), longest((init) => readUint(init.moov, init.mvhd, MVHD_DURATION[version(init.moov, init.mvhd)], width(version(init.moov, init.mvhd)))));
  writeUint(mvhd, mvhdBox, mvhdBox.end - mvhdBox.body - 4, 4, tracks.length + 1); // next_track_ID
  const mvex: Uint8Array[] = [];
  if (video.init.mehd) {
    const mehd = copyOf(video.init.moov, video.init.mehd);
    const box = rootOf(mehd);
    const mehdOf = (init: TrackInit) => (init.mehd ? readUint(init.moov, init.mehd, 4, width(version(init.moov, init.mehd))) : 0);
    writeUint(mehd, box, 4, width(version(mehd, box)), longest(mehdOf));
    mvex.push(mehd);
  }
  mvex.push(...tracks.map((t) => joinedTrex(t.init, t.id)));
  const moov = makeBox('moov', [mvhd, ...tracks.map((t) => joinedTrak(t.init, t.id, timescale)), makeBox('mvex', mvex)]);
  const ftyp = video.init.ftyp ?? makeBox('ftyp', [new Uint8Array([0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x35])]);
  return [ftyp, moov];
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
