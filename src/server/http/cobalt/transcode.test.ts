/**
 * cobalt's audioFormat where the instance has ffmpeg (issue 39 point 6): mp3, opus, ogg and wav are real files
 * (ffprobe reads their codec and a duration of the source's), made as they are sent with an estimated length; `best`
 * is still the original; ffmpeg is killed when the download ends, and past TRANSCODES_MAX a download is refused at
 * once. The real app, the fake Instagram, the machine's ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../../../../test/fake-instagram/fixtures.ts';
import { makeLongTracks } from '../../../../test/fake-instagram/long-media.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';
import { RIG_SECRET } from '../../../../test/app-rig.ts';
import { probe } from '../../../../test/media-probe.ts';
import { signMediaToken } from '../../media/token.ts';

const ORIGIN = 'https://gramsave.example';
const dir = mkdtempSync(join(tmpdir(), 'gramsave-transcode-'));
const client = new Agent();
let rig: ResolveRig;
beforeAll(async () => {
  rig = await startResolveRig({ env: { PUBLIC_ORIGIN: ORIGIN, TRANSCODES_MAX: '1' } });
  expect(rig.app.config.media.ffmpeg, 'this machine has ffmpeg').toBeDefined();
});
afterAll(async () => {
  await client.close();
  await rig?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cobalt(body: object): Promise<{ status: string; url: string; filename: string }> {
  const res = await fetch(`${rig.app.base}/`, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as { status: string; url: string; filename: string };
}
const local = (url: string) => `${rig.app.base}${new URL(url).pathname}${new URL(url).search}`;

/** ffmpeg processes this test's app started (the app runs in this process). */
function ffmpegChildren(): number {
  const out = execFileSync('ps', ['-o', 'comm=', '--ppid', String(process.pid)]).toString();
  return out.split('\n').filter((name) => name.trim() === 'ffmpeg').length;
}
async function noFfmpegLeft(): Promise<void> {
  const until = Date.now() + 5000;
  while (ffmpegChildren() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  expect(ffmpegChildren()).toBe(0);
}

describe('audioFormat with ffmpeg', () => {
  it.each([
    ['mp3', 'mp3', 'audio/mpeg', '96'],
    ['opus', 'opus', 'audio/ogg', '64'],
    ['ogg', 'vorbis', 'audio/ogg', '128'],
    ['wav', 'pcm_s16le', 'audio/wav', '128'],
  ])('%s: a real %s file of the source’s length, with its estimated length (it was the .m4a)', async (format, codec, type, audioBitrate) => {
    const answer = await cobalt({ url: `https://www.instagram.com/reel/${FIXTURE.dashReel}/`, downloadMode: 'audio', audioFormat: format, audioBitrate });
    expect(answer).toMatchObject({ status: 'tunnel', filename: expect.stringMatching(new RegExp(`-audio\\.${format}$`)) });
    const head = await fetch(local(answer.url), { method: 'HEAD' });
    expect(head.headers.get('content-type')).toBe(type);
    const res = await fetch(local(answer.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('content-disposition')).toContain(`.${format}`);
    const body = Buffer.from(await res.arrayBuffer());
    const { streams, duration } = probe(body);
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual([`audio:${codec}`]);
    expect(Math.abs(duration - 2)).toBeLessThan(0.3);
    const estimate = Number(res.headers.get('estimated-content-length'));
    expect(Number(head.headers.get('estimated-content-length'))).toBe(estimate);
    // Constant bitrates (mp3, PCM) close; Opus and Vorbis vary with the sound, and this test tone is simple: over, never
    // far under, so a progress bar does not pass its end.
    const [low, high] = format === 'mp3' || format === 'wav' ? [0.8, 1.25] : [0.8, 4];
    expect(estimate / body.length).toBeGreaterThan(low);
    expect(estimate / body.length).toBeLessThan(high);
    await noFfmpegLeft();
  });

  it('best is the original AAC, as before', async () => {
    const answer = await cobalt({ url: `https://www.instagram.com/reel/${FIXTURE.dashReel}/`, downloadMode: 'audio', audioFormat: 'best' });
    expect(answer.filename).toMatch(/-audio\.m4a$/);
    const { streams } = probe(Buffer.from(await (await fetch(local(answer.url))).arrayBuffer()));
    expect(streams.map((s) => s.codec_name)).toEqual(['aac']);
  });

  it('ffmpeg ends with its download; past TRANSCODES_MAX (1 here) another is refused at once, 429 rate_limited', { timeout: 120_000 }, async () => {
    const long = makeLongTracks(120, { dir });
    rig.fake.cdn!.serveFile('/long/audio.m4a', long.audio);
    const token = signMediaToken(RIG_SECRET, { t: 'x', k: 'audio', o: 'wav', u: rig.fake.cdn!.urlFor('/long/audio.m4a'), f: 'long.wav', e: Math.floor(Date.now() / 1000) + 600 });
    const path = `${rig.app.base}/api/v1/mux/${token}`;
    const stop = new AbortController();
    const first = await request(path, { dispatcher: client, signal: stop.signal });
    expect(first.statusCode).toBe(200);
    // The first bytes arrive, and nothing is read: ffmpeg runs, held back by the client.
    await new Promise((resolve) => first.body.once('readable', resolve));
    expect(ffmpegChildren()).toBe(1);
    const refused = await fetch(path);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    stop.abort();
    await noFfmpegLeft();
    const again = await request(path, { dispatcher: client, method: 'GET' });
    expect(again.statusCode).toBe(200);
    await again.body.dump();
    await noFfmpegLeft();
  });
});
