/**
 * The fragment joiner on real tracks (the fake CDN's ffmpeg-made DASH fixtures): what ffprobe and a full decode
 * say of the joined file, that every packet is the source's (MD5 of the copied packets), how the boxes are laid
 * out, and that files of any other shape are left to the packet remuxer rather than joined wrongly.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEDIA_DIR } from '../../../../test/fake-instagram/media-catalog.ts';
import { decodes, packetsMd5, probe } from '../../../../test/media-probe.ts';
import { planFragmentJoin } from './fragment-join.ts';
import { children, childrenOf, find, Mp4Error, readUint, required, versionAndFlags, writeUint, type Box } from './mp4-box.ts';
import { TrackStream } from './track-stream.ts';
import type { UpstreamFile } from './upstream-file.ts';

const fixture = (name: string) => readFileSync(new URL(name, MEDIA_DIR));
const VIDEO = fixture('dash-video-1080x1920.mp4');
const AUDIO = fixture('dash-audio.m4a');
const dir = mkdtempSync(join(tmpdir(), 'gramsave-join-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function memoryFile(bytes: Uint8Array): UpstreamFile {
  return { size: bytes.length, read: async (start, end) => bytes.subarray(start, end), requests: () => 1, close: () => undefined };
}

const streamOf = (bytes: Uint8Array) => new TrackStream(memoryFile(bytes));

async function join2(video: Uint8Array, audio?: Uint8Array): Promise<Buffer | undefined> {
  const joined = await planFragmentJoin(streamOf(video), audio && streamOf(audio));
  if (!joined) return undefined;
  const parts: Uint8Array[] = [];
  for await (const part of joined()) parts.push(part);
  return Buffer.concat(parts);
}

/** The same track re-fragmented by ffmpeg with other flags (stream copy). */
function refragment(source: Buffer, name: string, movflags: string): Buffer {
  const input = join(dir, `${name}-in.mp4`);
  const output = join(dir, `${name}.mp4`);
  writeFileSync(input, source);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', input, '-c', 'copy', '-movflags', movflags, output]);
  return readFileSync(output);
}

const top = (bytes: Uint8Array) => children(bytes);

/** Track id and decode time (seconds) of every moof, in file order, with the moov's timescales. */
function fragments(file: Buffer): { id: number; seconds: number; sequence: number; flags: number }[] {
  const moov = required(top(file), 'moov');
  const scales = new Map<number, number>();
  for (const trak of childrenOf(file, moov).filter((b) => b.type === 'trak')) {
    const tkhd = find(file, trak, 'tkhd')!;
    const mdhd = find(file, trak, 'mdia', 'mdhd')!;
    const v = versionAndFlags(file, tkhd).version;
    scales.set(readUint(file, tkhd, v ? 20 : 12, 4), readUint(file, mdhd, versionAndFlags(file, mdhd).version ? 20 : 12, 4));
  }
  return top(file)
    .filter((b) => b.type === 'moof')
    .map((moof) => {
      const traf = find(file, moof, 'traf')!;
      const tfhd = find(file, traf, 'tfhd')!;
      const tfdt = find(file, traf, 'tfdt')!;
      const id = readUint(file, tfhd, 4, 4);
      const time = readUint(file, tfdt, 4, versionAndFlags(file, tfdt).version ? 8 : 4);
      return { id, seconds: time / scales.get(id)!, sequence: readUint(file, find(file, moof, 'mfhd')!, 4, 4), flags: versionAndFlags(file, tfhd).flags };
    });
}

describe('joining a DASH video track and its audio track fragment by fragment', () => {
  it('makes one MP4 with the H.264 1080×1920 track and the AAC track, every packet the source’s', async () => {
    const joined = (await join2(VIDEO, AUDIO))!;
    const { streams, duration } = probe(joined);
    expect(streams.map((s) => [s.codec_type, s.codec_name])).toEqual([['video', 'h264'], ['audio', 'aac']]);
    expect(streams[0]).toMatchObject({ width: 1080, height: 1920 });
    const video = probe(VIDEO).streams[0]!;
    expect(Number(streams[0]!.duration)).toBeCloseTo(Number(video.duration), 2);
    expect(streams[0]!.start_time).toBe(video.start_time);
    expect(Number(streams[1]!.duration)).toBeCloseTo(Number(probe(AUDIO).streams[0]!.duration), 2);
    expect(Math.abs(duration - probe(VIDEO).duration)).toBeLessThan(0.2);
    expect(packetsMd5(joined, 'v')).toBe(packetsMd5(VIDEO, 'v'));
    expect(packetsMd5(joined, 'a')).toBe(packetsMd5(AUDIO, 'a'));
    decodes(joined);
  });

  it('lays out ftyp, one moov with tracks 1 and 2, then moof+mdat pairs in decode-time order, numbered from 1', async () => {
    const joined = (await join2(VIDEO, AUDIO))!;
    const types = top(joined).map((b) => b.type);
    expect(types.slice(0, 2)).toEqual(['ftyp', 'moov']);
    // The sources' sidx boxes are left out; boxes after their fragments (an mfra) become one free box at the end.
    expect(types.slice(2).join(',')).toMatch(/^(moof,mdat,?)+(free)?$/);
    const moov = required(top(joined), 'moov');
    const traks = childrenOf(joined, moov).filter((b) => b.type === 'trak');
    expect(traks.map((t) => readUint(joined, find(joined, t, 'tkhd')!, 12, 4))).toEqual([1, 2]);
    const trexes = childrenOf(joined, find(joined, moov, 'mvex')!).filter((b) => b.type === 'trex');
    expect(trexes.map((t) => readUint(joined, t, 4, 4))).toEqual([1, 2]);
    const mvhd = find(joined, moov, 'mvhd')!;
    expect(readUint(joined, mvhd, mvhd.end - mvhd.body - 4, 4)).toBe(3); // next_track_ID

    const list = fragments(joined);
    const sourceCount = (file: Buffer) => top(file).filter((b) => b.type === 'moof').length;
    expect(list).toHaveLength(sourceCount(VIDEO) + sourceCount(AUDIO));
    expect(list.map((f) => f.sequence)).toEqual(list.map((_, i) => i + 1));
    expect(new Set(list.map((f) => f.id))).toEqual(new Set([1, 2]));
    // Interleaved: no fragment starts before the one written ahead of it (ties in either order).
    for (let i = 1; i < list.length; i++) expect(list[i]!.seconds).toBeGreaterThanOrEqual(list[i - 1]!.seconds);
  });

  it('moves absolute base offsets with their fragments (tracks fragmented without default-base-is-moof)', async () => {
    const video = refragment(VIDEO, 'video-abs', 'frag_keyframe+empty_moov');
    const audio = refragment(AUDIO, 'audio-abs', 'frag_keyframe+empty_moov');
    // The premise: these sources do use absolute offsets (tfhd flag 0x000001), else this test proves nothing.
    expect(fragments(video).every((f) => f.flags & 1)).toBe(true);
    const joined = (await join2(video, audio))!;
    expect(packetsMd5(joined, 'v')).toBe(packetsMd5(VIDEO, 'v'));
    expect(packetsMd5(joined, 'a')).toBe(packetsMd5(AUDIO, 'a'));
    decodes(joined);
  });

  it('serves a video without sound as its track alone', async () => {
    const joined = (await join2(VIDEO))!;
    expect(probe(joined).streams.map((s) => s.codec_type)).toEqual(['video']);
    const mvhd = find(joined, required(top(joined), 'moov'), 'mvhd')!;
    expect(readUint(joined, mvhd, mvhd.end - mvhd.body - 4, 4)).toBe(2);
    decodes(joined);
  });

  it('keeps the audio in time when the two files use different movie timescales', async () => {
    // The same audio track with its movie timescale doubled (and its movie-timescale durations with it).
    const audio = Buffer.from(AUDIO);
    const moov = required(top(audio), 'moov');
    const mvhd = find(audio, moov, 'mvhd')!;
    const tkhd = find(audio, moov, 'trak', 'tkhd')!;
    const elst = find(audio, moov, 'trak', 'edts', 'elst');
    const double = (box: Box, offset: number, width: 4 | 8) => writeUint(audio, box, offset, width, readUint(audio, box, offset, width) * 2);
    const v = (box: Box) => versionAndFlags(audio, box).version;
    double(mvhd, v(mvhd) ? 20 : 12, 4);
    double(mvhd, v(mvhd) ? 24 : 16, v(mvhd) ? 8 : 4);
    double(tkhd, v(tkhd) ? 28 : 20, v(tkhd) ? 8 : 4);
    if (elst) for (let i = 0; i < readUint(audio, elst, 4, 4); i++) double(elst, 8 + i * (v(elst) ? 20 : 12), v(elst) ? 8 : 4);

    const plain = (await join2(VIDEO, AUDIO))!;
    const rescaled = (await join2(VIDEO, audio))!;
    expect(Buffer.compare(rescaled, plain)).toBe(0);
  });
});

describe('files that are not joined here (the packet remuxer takes them)', () => {
  const progressive = fixture('progressive-1080x1920.mp4');

  it('a plain MP4 with its samples in the moov, or with two tracks', async () => {
    const videoOnly = join(dir, 'plain-video.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', new URL('progressive-1080x1920.mp4', MEDIA_DIR).pathname, '-an', '-c', 'copy', videoOnly]);
    expect(await planFragmentJoin(streamOf(readFileSync(videoOnly)), streamOf(AUDIO))).toBeUndefined();
    const twoTracks = refragment(progressive, 'two-tracks', 'frag_keyframe+empty_moov+default_base_moof');
    expect(await planFragmentJoin(streamOf(twoTracks), streamOf(AUDIO))).toBeUndefined();
  });

  it('tracks of the wrong kind, or swapped', async () => {
    expect(await planFragmentJoin(streamOf(AUDIO), streamOf(VIDEO))).toBeUndefined();
    expect(await planFragmentJoin(streamOf(VIDEO), streamOf(VIDEO))).toBeUndefined();
  });

  it('bytes that are not an MP4, or one cut inside its header', async () => {
    expect(await planFragmentJoin(streamOf(Buffer.from('<html>not a video</html>'.repeat(10))), undefined)).toBeUndefined();
    expect(await planFragmentJoin(streamOf(VIDEO.subarray(0, 100)), undefined)).toBeUndefined();
    const overrun = Buffer.from(VIDEO);
    overrun.writeUInt32BE(0x7fffffff, 0); // ftyp claims 2 GB
    expect(await planFragmentJoin(streamOf(overrun), undefined)).toBeUndefined();
  });

  it('a track that breaks after the first fragment ends the joined stream with an error, not a short file', async () => {
    const lastMdat = top(VIDEO).filter((b) => b.type === 'mdat').pop()!;
    const joined = (await planFragmentJoin(streamOf(VIDEO.subarray(0, lastMdat.start)), streamOf(AUDIO)))!;
    const drain = async () => {
      for await (const part of joined()) void part;
    };
    await expect(drain()).rejects.toBeInstanceOf(Mp4Error);
  });

  it('knows its length before the first byte, exactly, even when it drops boxes between fragments (a free box makes up for them)', async () => {
    const joined = (await planFragmentJoin(streamOf(VIDEO), streamOf(AUDIO)))!;
    expect((await join2(VIDEO, AUDIO))!.length).toBe(joined.byteLength);
    // A trailing mfra-like box (dropped by the join) and a box between two fragments.
    const extra = (type: string, size: number) => {
      const box = Buffer.alloc(size);
      box.writeUInt32BE(size, 0);
      box.write(type, 4, 'latin1');
      return box;
    };
    const firstMdat = top(VIDEO).find((b) => b.type === 'mdat')!;
    const padded = Buffer.concat([VIDEO.subarray(0, firstMdat.end), extra('skip', 24), VIDEO.subarray(firstMdat.end), extra('mfra', 40)]);
    const plain = top((await join2(VIDEO, AUDIO))!).pop()!;
    const droppedBefore = plain.type === 'free' ? plain.end - plain.start : 0;
    const plan = (await planFragmentJoin(streamOf(padded), streamOf(AUDIO)))!;
    const bytes = (await join2(padded, AUDIO))!;
    expect(bytes.length).toBe(plan.byteLength);
    const last = top(bytes).pop()!;
    expect([last.type, last.end - last.start]).toEqual(['free', droppedBefore + 64]);
  });
});
