/**
 * The sound of a progressive MP4 taken out alone: one AAC stream, its packets those of the source (stream copy),
 * the source's duration; a file without sound or that is no track fails before any byte.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEDIA_DIR } from '../../../../test/fake-instagram/media-catalog.ts';
import { packetsMd5, probe } from '../../../../test/media-probe.ts';
import { bytesOf, memoryUpstream } from '../../../../test/memory-upstream.ts';
import { openAudioOnly } from './audio-only.ts';

const PROGRESSIVE = readFileSync(new URL('progressive-750x1334.mp4', MEDIA_DIR));
const SILENT = readFileSync(new URL('silent-750x1334.mp4', MEDIA_DIR));
const signal = new AbortController().signal;

describe('openAudioOnly', () => {
  it('copies the AAC track of a progressive video into an M4A of the same length', async () => {
    const { upstream } = memoryUpstream({ 'https://cdn/v.mp4': PROGRESSIVE });
    const m4a = await bytesOf(await openAudioOnly('https://cdn/v.mp4', upstream, signal));
    const { streams, duration } = probe(m4a);
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(['audio:aac']);
    const source = probe(PROGRESSIVE).streams.find((s) => s.codec_type === 'audio')!;
    expect(Math.abs(duration - Number(source.duration))).toBeLessThan(0.05);
    expect(packetsMd5(m4a, 'a')).toBe(packetsMd5(PROGRESSIVE, 'a'));
  });

  it('a video without sound is no_media, a file that is no track upstream_unavailable, both before any byte', async () => {
    const { upstream } = memoryUpstream({ 'https://cdn/silent.mp4': SILENT, 'https://cdn/page.mp4': Buffer.from('<html>login</html>'.repeat(50)) });
    await expect(openAudioOnly('https://cdn/silent.mp4', upstream, signal)).rejects.toMatchObject({ code: 'no_media' });
    await expect(openAudioOnly('https://cdn/page.mp4', upstream, signal)).rejects.toMatchObject({ code: 'upstream_unavailable' });
  });
});
