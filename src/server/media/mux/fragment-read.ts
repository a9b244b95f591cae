/**
 * Reading one fragmented single-track MP4 for the fragment joiner (fragment-join.ts): its init segment (ftyp, and a
 * moov holding one trak and its fragment defaults), then its fragments' moof boxes one at a time, each with where it
 * started and when its first sample is decoded. Anything else (samples in a plain moov, several tracks, track
 * references) reads as undefined: not a file to join.
 */
import { childrenOf, children, find, Mp4Error, readUint, required, versionAndFlags, type Box } from './mp4-box.ts';
import type { TrackStream } from './track-stream.ts';

/** Init boxes larger than this are not a fragmented track's (its moov holds no sample tables). */
const MAX_INIT_BOX = 4 * 1024 * 1024;
/** A moof lists one fragment's samples: a few kilobytes; far more means a file we do not join. */
const MAX_MOOF = 8 * 1024 * 1024;

export interface TrackInit {
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

export interface Fragment {
  moof: Uint8Array;
  /** Where the moof started in its source file (a base_data_offset is relative to the file). */
  sourceStart: number;
  /** Decode time of the fragment's first sample, in seconds. */
  seconds: number;
}

const MVHD_TIMESCALE = { 0: 12, 1: 20 } as const;
const MDHD_TIMESCALE = { 0: 12, 1: 20 } as const;

export function version(bytes: Uint8Array, box: Box): 0 | 1 {
  const { version: v } = versionAndFlags(bytes, box);
  if (v !== 0 && v !== 1) throw new Mp4Error(`${box.type} version ${v}`);
  return v;
}

export const width = (v: 0 | 1): 4 | 8 => (v === 1 ? 8 : 4);

/** The one box a copied buffer holds. */
export const rootOf = (bytes: Uint8Array): Box => children(bytes)[0]!;

/** The init segment: boxes up to the first moof. Undefined when the file is not one fragmented track. */
export async function readInit(stream: TrackStream): Promise<TrackInit | undefined> {
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
export async function readFragment(stream: TrackStream, init: TrackInit): Promise<Fragment | undefined> {
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

export function onlyTraf(moof: Uint8Array): Box {
  const trafs = childrenOf(moof, rootOf(moof)).filter((b) => b.type === 'traf');
  if (trafs.length !== 1) throw new Mp4Error(`a moof with ${trafs.length} track fragments`);
  return trafs[0]!;
}
