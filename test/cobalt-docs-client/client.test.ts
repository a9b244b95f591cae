/**
 * cobalt's docs/api.md client (client.ts) against the real app and the fake Instagram (issue 39): the instance
 * info at GET /, a tunnel downloaded with its length, a picker, an audio tunnel with its estimated length, and the
 * error shape for a link of another service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { startResolveRig, type ResolveRig } from '../fake-instagram/rig.ts';
import { probe } from '../media-probe.ts';
import { cobaltClient } from './client.ts';

let rig: ResolveRig;
let client: ReturnType<typeof cobaltClient>;
/** The rig's PUBLIC_ORIGIN is not where it listens: a tunnel is taken there by its path. */
const here = (url: string) => `${rig.app.base}${new URL(url).pathname}${new URL(url).search}`;
beforeAll(async () => {
  rig = await startResolveRig({ env: { IG_SESSIONID: 'fake-session' } });
  client = cobaltClient(rig.app.base);
});
afterAll(() => rig?.close());

describe('a client written from cobalt’s docs/api.md', () => {
  it('reads the instance info (GET /, no Accept of its own) and saves a video, a carousel, audio; errors in cobalt’s shape', async () => {
    const info = await client.info();
    expect(info.cobalt.services).toContain('instagram');
    const video = await client.save({ url: `https://www.instagram.com/reel/${FIXTURE.dashReel}/`, videoQuality: 'max' });
    expect(video.answer.status).toBe('tunnel');
    expect(video.rateLimit).not.toBeNull();
    const file = await client.fetchFile(here((video.answer as { url: string }).url));
    expect(file.status).toBe(200);
    expect(file.length).toBe(file.bytes.length);
    expect(probe(file.bytes).streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    const carousel = await client.save({ url: `https://www.instagram.com/p/${FIXTURE.carousel}/` });
    expect(carousel.answer.status).toBe('picker');
    const audio = await client.save({ url: `https://www.instagram.com/reel/${FIXTURE.reel}/`, downloadMode: 'audio', audioFormat: 'best' });
    const sound = await client.fetchFile(here((audio.answer as { url: string }).url));
    expect(sound.estimated).toBe(true);
    expect(sound.length! / sound.bytes.length).toBeGreaterThan(0.8);
    expect((await client.save({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).answer).toEqual({ status: 'error', error: { code: 'error.api.service.disabled' } });
  });
});
