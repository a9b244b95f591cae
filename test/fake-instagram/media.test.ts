/**
 * The fake CDN's media are real: every committed fixture is what ffprobe says it is (the DASH tracks
 * fragmented with a sidx like Instagram's on-demand representations), and the CDN serves each fixture
 * post's videos from them, byte for byte, Range included.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCdn, type FakeCdn } from './cdn.ts';
import { buildFixtures, FIXTURE } from './fixtures.ts';
import { buildMediaCatalog, cdnPathOf, MEDIA_DIR, mediaFiles } from './media-catalog.ts';

interface Probe {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  format: { duration?: string };
}

function probe(name: string): Probe {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', fileURLToPath(new URL(name, MEDIA_DIR))]);
  return JSON.parse(out.toString()) as Probe;
}

/** Top-level ISO BMFF box types, in order. */
function boxes(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(at);
    types.push(bytes.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return types;
}

describe('media fixtures', () => {
  const names = [...mediaFiles().keys()];

  it('stay small (3 MB or less in all)', () => {
    const total = [...mediaFiles().values()].reduce((sum, f) => sum + f.bytes.length, 0);
    expect(total).toBeLessThanOrEqual(3 * 1024 * 1024);
  });

  it.each(names.filter((n) => n.startsWith('progressive-')))('%s is H.264 + AAC at its size, moov first', (name) => {
    const [width, height] = /(\d+)x(\d+)/.exec(name)!.slice(1).map(Number);
    const { streams } = probe(name);
    expect(streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ width, height });
    expect(boxes(mediaFiles().get(name)!.bytes).slice(0, 2)).toEqual(['ftyp', 'moov']);
  });

  it.each(names.filter((n) => n.startsWith('silent-')))('%s is H.264 alone (a video without sound), moov first', (name) => {
    expect(probe(name).streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(['video:h264']);
    expect(boxes(mediaFiles().get(name)!.bytes).slice(0, 2)).toEqual(['ftyp', 'moov']);
  });

  it.each(names.filter((n) => n.startsWith('dash-video-')))('%s is H.264 alone, fragmented and sidx-indexed', (name) => {
    const [width, height] = /(\d+)x(\d+)/.exec(name)!.slice(1).map(Number);
    const { streams } = probe(name);
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ codec_type: 'video', codec_name: 'h264', width, height });
    const order = boxes(mediaFiles().get(name)!.bytes);
    expect(order.slice(0, 4)).toEqual(['ftyp', 'moov', 'sidx', 'moof']);
    expect(order.filter((b) => b === 'moof').length).toBeGreaterThanOrEqual(2);
  });

  it('dash-audio.m4a is AAC alone, fragmented the same way', () => {
    const { streams, format } = probe('dash-audio.m4a');
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(['audio:aac']);
    expect(Number(format.duration)).toBeCloseTo(2, 0);
    expect(boxes(mediaFiles().get('dash-audio.m4a')!.bytes).slice(0, 3)).toEqual(['ftyp', 'moov', 'sidx']);
  });

  it('the pictures are a real WebP and real JPEGs', () => {
    expect(probe('photo.webp').streams[0]).toMatchObject({ codec_name: 'webp', width: 640, height: 800 });
    for (const name of names.filter((n) => n.endsWith('.jpg'))) expect(probe(name).streams[0]!.codec_name).toBe('mjpeg');
  });
});

describe('the fake CDN serves the fixture posts real media', () => {
  let cdn: FakeCdn;
  const agent = new Agent();
  beforeAll(async () => {
    cdn = await startFakeCdn();
  });
  afterAll(async () => {
    await agent.close();
    await cdn.close();
  });

  const reel = buildFixtures().posts.get(FIXTURE.dashReel)!.v1;
  const catalog = buildMediaCatalog(buildFixtures());
  const manifestUrl = (width: number) => {
    const block = String(reel.video_dash_manifest).split('<Representation').find((b) => b.includes(`width="${width}"`))!;
    return /<BaseURL[^>]*>([^<]+)</.exec(block)![1]!;
  };

  it('maps the full-HD DASH reel: 1080p DASH track, 720p progressive, the audio track', () => {
    expect(catalog.get(cdnPathOf(manifestUrl(1080))!)).toBe('dash-video-1080x1920.mp4');
    expect(catalog.get(cdnPathOf(reel.video_versions[0].url)!)).toBe('progressive-720x1280.mp4');
    const audio = String(reel.video_dash_manifest).split('<Representation').find((b) => b.includes('audio/mp4'))!;
    expect(catalog.get(cdnPathOf(/<BaseURL[^>]*>([^<]+)</.exec(audio)![1]!)!)).toBe('dash-audio.m4a');
  });

  it('maps a video without sound to a clip without sound', () => {
    const silent = buildFixtures().posts.get(FIXTURE.silentReel)!;
    expect(catalog.get(cdnPathOf(silent.graphql.video_url)!)).toBe('silent-750x1334.mp4');
    expect(catalog.get(cdnPathOf(silent.v1.video_versions[0].url)!)).toBe('silent-750x1334.mp4');
    // The captured carousel's video was posted without sound (has_audio false).
    const carouselVideo = buildFixtures().posts.get(FIXTURE.carousel)!.graphql.edge_sidecar_to_children.edges[1].node;
    expect(catalog.get(cdnPathOf(carouselVideo.video_url)!)).toBe('silent-750x750.mp4');
  });

  it('sends the file byte for byte, and any range of it', async () => {
    const path = cdnPathOf(manifestUrl(1080))!;
    const file = mediaFiles().get('dash-video-1080x1920.mp4')!.bytes;
    const whole = await request(cdn.urlFor(path), { dispatcher: agent });
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(Buffer.from(await whole.body.arrayBuffer()).equals(file)).toBe(true);
    const part = await request(cdn.urlFor(path), { dispatcher: agent, headers: { range: 'bytes=100-5099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-5099/${file.length}`);
    expect(Buffer.from(await part.body.arrayBuffer()).equals(file.subarray(100, 5100))).toBe(true);
  });
});
