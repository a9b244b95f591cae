/**
 * The joined file's ftyp and moov (fragment-join.ts): the video track's movie header with the longest duration, both
 * tracks renumbered 1 and 2 with their durations in the joined movie's timescale, and both tracks' fragment defaults.
 */
import { childrenOf, copyOf, find, makeBox, readUint, required, writeUint } from './mp4-box.ts';
import { rootOf, version, width, type TrackInit } from './fragment-read.ts';

/** A track as the joined file holds it: what its file began with, and its new id. */
export interface JoinedTrack {
  init: TrackInit;
  id: number;
}

const MVHD_DURATION = { 0: 16, 1: 24 } as const;
const TKHD_ID = { 0: 12, 1: 20 } as const;
const TKHD_DURATION = { 0: 20, 1: 28 } as const;

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
export function joinedHeader(tracks: readonly JoinedTrack[]): Uint8Array[] {
  const [video] = tracks as readonly [JoinedTrack, ...JoinedTrack[]];
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
