/**
 * The image as an operator runs it: a read-only root with a tmpfs /tmp, /data on a volume, their PUBLIC_ORIGIN, and
 * Instagram replaced by the fake upstream on this machine (`--network host`). It resolves and downloads a post byte
 * for byte, makes cobalt's four audio formats with its own ffmpeg, answers /readyz and its own health check, serves
 * pages carrying the operator's origin and ad client, stops on SIGTERM with exit 0 within its drain deadline (15 s in
 * the image), and weighs under 1 GB.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signMediaToken } from '../../src/server/media/token.ts';
import type { Resolution } from '../../src/shared/api.ts';
import { fakeUpstreamEnv } from '../app-rig.ts';
import { FIXTURE, startFakeInstagram, type FakeInstagram } from '../fake-instagram/index.ts';
import { mediaFiles } from '../fake-instagram/media-catalog.ts';
import { probe } from '../media-probe.ts';
import { run } from './engine.ts';
import { envArgs, fetchFresh, logsOf, waitForReady } from './containers.ts';

const PORT = Number(process.env.IMAGE_TEST_PORT ?? 18080);
const BASE = `http://127.0.0.1:${PORT}`;
const OPERATOR = 'https://save.example.org';
const ADS_CLIENT = 'ca-pub-1234567890123456';
const SECRET = 'image-test-secret-0123456789-abcdefghijkl';
const NAME = `gramsave-image-test-${process.pid}`;
const VOLUME = `${NAME}-data`;

let fake: FakeInstagram;

beforeAll(async () => {
  fake = await startFakeInstagram();
  run(['volume', 'create', VOLUME]);
  const env = {
    ...fakeUpstreamEnv(fake),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    METRICS_PORT: '0',
    PUBLIC_ORIGIN: OPERATOR,
    ADS_CLIENT,
    DOWNLOAD_SECRET: SECRET,
  };
  run(['run', '-d', '--name', NAME, '--network', 'host', '--read-only', '--tmpfs', '/tmp', '-v', `${VOLUME}:/data`, ...envArgs(env), inject('image')]);
  await waitForReady(NAME, BASE);
});

afterAll(async () => {
  run(['rm', '-f', '-t', '0', NAME], { allowFailure: true });
  run(['volume', 'rm', '-f', VOLUME], { allowFailure: true });
  await fake?.close();
});

describe('the image', () => {
  it('weighs under 1 GB (issue 41; 1.11 GB with Debian\'s ffmpeg package)', () => {
    const bytes = Number(run(['image', 'inspect', '--format', '{{.Size}}', inject('image')]).stdout.trim());
    expect(bytes).toBeGreaterThan(100e6);
    expect(bytes).toBeLessThan(1e9);
  });

  it('runs node as a non-root user on a read-only root, with /data on the volume and ffmpeg', () => {
    expect(run(['exec', NAME, 'id', '-u']).stdout.trim()).toBe('10001');
    expect(run(['inspect', '--format', '{{.HostConfig.ReadonlyRootfs}}', NAME]).stdout.trim()).toBe('true');
    expect(run(['exec', NAME, 'touch', '/app/probe'], { allowFailure: true }).status).not.toBe(0);
    expect(run(['exec', NAME, 'touch', '/data/probe']).status).toBe(0);
    // SQLite (better-sqlite3, compiled in the build stage) opened its database on the volume at start.
    expect(run(['exec', NAME, 'ls', '/data']).stdout.split('\n')).toContain('gramsave.db');
    // ffmpeg found at start: cobalt's audio formats are made, not answered with the original.
    expect(run(['exec', NAME, 'ffmpeg', '-hide_banner', '-encoders']).stdout).toMatch(/libmp3lame[\s\S]*libopus[\s\S]*libvorbis/);
    // node itself is the first process (signals reach it), running the server without a build step.
    expect(run(['exec', NAME, 'cat', '/proc/1/cmdline']).stdout.split('\0').slice(0, 2)).toEqual(['node', 'scripts/serve.mjs']);
  });

  it('answers /readyz, and its HEALTHCHECK passes', async () => {
    const ready = await fetchFresh(`${BASE}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    expect(run(['image', 'inspect', inject('image')]).stdout).toContain('scripts/healthcheck.mjs');
    expect(run(['healthcheck', 'run', NAME]).status).toBe(0);
  });

  it('resolves a post through the fake Instagram and downloads it byte for byte', async () => {
    const res = await fetchFresh(`${BASE}/api/v1/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `https://www.instagram.com/reel/${FIXTURE.reel}/` }),
    });
    expect(res.status).toBe(200);
    const resolution = (await res.json()) as Resolution;
    const video = resolution.items.find((item) => item.type === 'video')!;
    // A progressive file (its exact size stated), not one joined on the fly.
    const progressive = [...(video.qualities ?? []).filter((quality) => !quality.muxed), video].find((choice) => choice.bytes)!;
    expect(progressive).toBeDefined();
    const download = await fetchFresh(`${BASE}${progressive.downloadUrl}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(progressive.bytes);
    const fixture = [...mediaFiles().values()].find((file) => file.bytes.equals(bytes));
    expect(fixture?.name).toMatch(/\.mp4$/);
  });

  it.each([
    ['mp3', 'mp3'],
    ['opus', 'opus'],
    ['ogg', 'vorbis'],
    ['wav', 'pcm_s16le'],
  ])('makes cobalt’s %s (%s) of a reel’s sound with its own ffmpeg', async (format, codec) => {
    const answer = await fetchFresh(`${BASE}/`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ url: `https://www.instagram.com/reel/${FIXTURE.dashReel}/`, downloadMode: 'audio', audioFormat: format }),
    }).then((res) => res.json() as Promise<{ status: string; url: string }>);
    expect(answer.status).toBe('tunnel');
    const url = new URL(answer.url);
    const res = await fetchFresh(`${BASE}${url.pathname}${url.search}`);
    expect(res.status).toBe(200);
    const { streams, duration } = probe(Buffer.from(await res.arrayBuffer()));
    expect(streams.map((stream) => `${stream.codec_type}:${stream.codec_name}`)).toEqual([`audio:${codec}`]);
    expect(Math.abs(duration - 2)).toBeLessThan(0.3);
  });

  it("serves pages, route data and the sitemap on the operator's PUBLIC_ORIGIN and ADS_CLIENT, precompressed", async () => {
    const home = await fetchFresh(`${BASE}/fr`, { headers: { 'accept-encoding': 'br' } });
    expect(home.headers.get('content-encoding')).toBe('br');
    const html = await home.text();
    expect(html).toContain(`<link rel="canonical" href="${OPERATOR}/fr"/>`);
    expect(html).toContain(`<meta property="og:url" content="${OPERATOR}/fr"/>`);
    expect(html).toContain(`hrefLang="de" href="${OPERATOR}/de"`);
    expect(html).not.toContain('http://localhost:8080');
    expect(html).toContain(`<meta name="gramsave:ads-client" content="${ADS_CLIENT}"/></head>`);
    expect(home.headers.get('content-security-policy')).toContain('https://pagead2.googlesyndication.com');
    expect(await (await fetchFresh(`${BASE}/fr.data`)).text()).toContain(`"${OPERATOR}"`);
    expect(await (await fetchFresh(`${BASE}/sitemap.xml`)).text()).toContain(`<loc>${OPERATOR}/fr</loc>`);
    expect(logsOf(NAME)).toContain('the pages carry PUBLIC_ORIGIN');
  });

  it('stops on SIGTERM with exit 0, cutting a download that cannot finish at the 15 s drain deadline', async () => {
    const file = `/scontent.cdninstagram.com/v/image-test/big/200000000/video.mp4`;
    const token = signMediaToken(SECRET, { t: 'm', k: 'video', u: fake.cdn!.urlFor(file), f: 'video.mp4', e: Math.floor(Date.now() / 1000) + 600 });
    const controller = new AbortController();
    const stalled = await fetchFresh(`${BASE}/api/v1/media/${token}?download=1`, { signal: controller.signal });
    expect(stalled.status).toBe(200);
    const reader = stalled.body!.getReader();
    await reader.read(); // then read no more: the download stays in flight
    const started = Date.now();
    run(['stop', '-t', '30', NAME]);
    const took = Date.now() - started;
    controller.abort();
    expect(run(['inspect', '--format', '{{.State.ExitCode}}', NAME]).stdout.trim()).toBe('0');
    expect(took).toBeGreaterThanOrEqual(14_000);
    expect(took).toBeLessThan(25_000);
    const logs = logsOf(NAME);
    expect(logs).toContain('"deadlineMs":15000');
    expect(logs).toContain('shutdown complete');
  });
});
