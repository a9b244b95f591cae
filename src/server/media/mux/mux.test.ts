/**
 * Which join a pair of tracks gets, and that both make a playable file: Instagram-shaped tracks (fragmented,
 * one track each) are joined fragment by fragment; a plain MP4 falls back to the packet remuxer (mediabunny),
 * which is also checked on the DASH pair itself. The route's faults are covered in http/mux.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEDIA_DIR } from '../../../../test/fake-instagram/media-catalog.ts';
import { decodes, packetsMd5, probe } from '../../../../test/media-probe.ts';
import { bytesOf, memoryUpstream } from '../../../../test/memory-upstream.ts';
import { openMuxedVideo } from './mux.ts';

const dir = mkdtempSync(join(tmpdir(), 'gramsave-mux-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const VIDEO = readFileSync(new URL('dash-video-1080x1920.mp4', MEDIA_DIR));
const AUDIO = readFileSync(new URL('dash-audio.m4a', MEDIA_DIR));

const signal = new AbortController().signal;

describe('openMuxedVideo', () => {
  it('joins Instagram-shaped tracks fragment by fragment, reading each once from the start', async () => {
    const { upstream, requests } = memoryUpstream({ 'https://cdn/v.mp4': VIDEO, 'https://cdn/a.m4a': AUDIO });
    const joined = await bytesOf(await openMuxedVideo({ video: 'https://cdn/v.mp4', audio: 'https://cdn/a.m4a' }, upstream, signal));
    expect(requests.sort()).toEqual(['https://cdn/a.m4a', 'https://cdn/v.mp4']);
    expect(packetsMd5(joined, 'v')).toBe(packetsMd5(VIDEO, 'v'));
    expect(packetsMd5(joined, 'a')).toBe(packetsMd5(AUDIO, 'a'));
  });

  it('remuxes packet by packet when asked, into the same streams', async () => {
    const { upstream } = memoryUpstream({ 'https://cdn/v.mp4': VIDEO, 'https://cdn/a.m4a': AUDIO });
    const joined = await bytesOf(await openMuxedVideo({ video: 'https://cdn/v.mp4', audio: 'https://cdn/a.m4a' }, upstream, signal, { packetsOnly: true }));
    const { streams } = probe(joined);
    expect(streams.map((s) => [s.codec_name, s.width ?? 0, s.height ?? 0])).toEqual([['h264', 1080, 1920], ['aac', 0, 0]]);
    expect(packetsMd5(joined, 'v')).toBe(packetsMd5(VIDEO, 'v'));
    decodes(joined);
  });

  it('falls back to the packet remuxer for a plain (unfragmented) video track', async () => {
    const plain = join(dir, 'plain.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', new URL('progressive-1080x1920.mp4', MEDIA_DIR).pathname, '-an', '-c', 'copy', plain]);
    const video = readFileSync(plain);
    const { upstream } = memoryUpstream({ 'https://cdn/v.mp4': video, 'https://cdn/a.m4a': AUDIO });
    const joined = await bytesOf(await openMuxedVideo({ video: 'https://cdn/v.mp4', audio: 'https://cdn/a.m4a' }, upstream, signal));
    expect(probe(joined).streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    expect(packetsMd5(joined, 'v')).toBe(packetsMd5(video, 'v'));
    decodes(joined);
  });

  it('answers an error before any byte for a file that is no track at all', async () => {
    const { upstream } = memoryUpstream({ 'https://cdn/v.mp4': Buffer.from('<html>login</html>'.repeat(50)), 'https://cdn/a.m4a': AUDIO });
    await expect(openMuxedVideo({ video: 'https://cdn/v.mp4', audio: 'https://cdn/a.m4a' }, upstream, signal)).rejects.toMatchObject({ code: 'upstream_unavailable' });
  });
});
