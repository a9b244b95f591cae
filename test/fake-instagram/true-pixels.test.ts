/**
 * The demo tells the truth about pixels: every quality of every fake post, fetched through the real server's
 * media routes (a joined quality through the join), has the pixels its label states (sharp's metadata for a
 * picture, ffprobe for a video). A post with one rendition is within a pixel of its stated size: Instagram states
 * odd heights (750×1333) that an H.264 4:2:0 track cannot have.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../../src/shared/api.ts';
import { probe } from '../media-probe.ts';
import { buildFixtures, FIXTURE } from './fixtures.ts';
import { startResolveRig, type ResolveRig } from './rig.ts';

let rig: ResolveRig;
beforeAll(async () => {
  rig = await startResolveRig();
});
afterAll(async () => {
  await rig?.close();
});

async function pixels(url: string, type: MediaItem['type']): Promise<string> {
  const res = await fetch(rig.app.base + url);
  expect(res.status, url).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (type === 'image') {
    const { width, height } = await sharp(bytes).metadata();
    return `${width}×${height}`;
  }
  const video = probe(bytes).streams.find((s) => s.codec_type === 'video');
  return `${video?.width}×${video?.height}`;
}

// Every post of the fake once (the twenty-item carousels repeat the captured carousel's three items).
const posts = [...buildFixtures().posts.keys()].filter((code) => !(FIXTURE.fullCarousels as readonly string[]).includes(code));

describe('the fake posts’ qualities', () => {
  it.each(posts)('of %s save the pixels their labels state', async (code) => {
    const res = await rig.resolve(`https://www.instagram.com/p/${code}/`);
    expect(res.status).toBe(200);
    const items = res.body.items as MediaItem[];
    for (const [index, item] of items.entries()) {
      const qualities = item.qualities ?? [];
      for (const quality of qualities) {
        expect(await pixels(quality.mediaUrl, item.type), `${code} item ${index + 1}: ${quality.label}`).toBe(`${quality.width}×${quality.height}`);
      }
      if (qualities.length === 0 && item.width && item.height) {
        const [width, height] = (await pixels(item.mediaUrl, item.type)).split('×').map(Number);
        expect(Math.abs(width! - item.width) + Math.abs(height! - item.height), `${code} item ${index + 1}`).toBeLessThanOrEqual(1);
      }
    }
    // Correctness, not speed: a carousel of joined videos fetches and probes a dozen files (27 s on a loaded machine).
  }, 90_000);
});

// A profile picture's sizes share one CDN path and differ in `stp` (s150x150, s320x320): the fake's CDN answers each
// at the size it asks for, so the profile tool's qualities hold too, from the public profile and from a session's.
describe('a profile picture’s qualities', () => {
  let withSession: ResolveRig;
  beforeAll(async () => {
    withSession = await startResolveRig({ fake: rig.fake, env: { IG_SESSIONID: 'fake-session' } });
  });
  afterAll(async () => {
    await withSession?.close();
  });

  it.each([
    ['anonymous', () => rig],
    ['with a session', () => withSession],
  ] as const)('save the pixels their labels state (%s)', async (_name, which) => {
    const used = which();
    const res = await used.resolve(`https://www.instagram.com/${FIXTURE.profileFromSample}/`, 'profile');
    expect(res.status).toBe(200);
    const [item] = res.body.items as MediaItem[];
    const qualities = item!.qualities ?? [];
    const shown = qualities.length > 0 ? qualities : [{ label: 'one', mediaUrl: item!.mediaUrl, width: item!.width, height: item!.height }];
    expect(shown.length).toBeGreaterThan(0);
    for (const quality of shown) {
      const res = await fetch(used.app.base + quality.mediaUrl);
      expect(res.status, quality.label).toBe(200);
      const { width, height } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(`${width}×${height}`, quality.label).toBe(`${quality.width}×${quality.height}`);
    }
  });
});
