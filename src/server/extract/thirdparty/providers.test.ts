/**
 * The optional providers: their normalisation and validation (spec §3, §5), and the real app falling back
 * to them (after the built-in strategies, only when configured) against the fake providers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, POST_ENDPOINTS } from '../../../../test/fake-instagram/index.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';
import { resolveStrategyTotal } from '../../metrics.ts';
import { ExtractError } from '../failure.ts';
import { normalizeAutolink } from './autolink.ts';
import { normalizeStoryInfo } from './story-info.ts';

const IG = 'https://www.instagram.com';
const post = { kind: 'post' as const, sourceUrl: `${IG}/p/abc/`, shortcode: 'abc' };

async function unavailableCount(): Promise<number> {
  const metric = await resolveStrategyTotal.get();
  return metric.values.find((v) => v.labels.strategy === 'autolink' && v.labels.outcome === 'unavailable')?.value ?? 0;
}

function failureOf(fn: () => unknown): ExtractError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ExtractError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('normalizeAutolink (spec §3, §5)', () => {
  it('url ← url | download_url | display_url; video by type or .mp4; thumbnail chain; items without URL dropped', () => {
    const r = normalizeAutolink(
      {
        author: 'someone',
        thumbnail: 'https://t/response.jpg',
        medias: [
          { url: 'https://a/1.jpg', type: 'image', thumbnail: 'https://t/1.jpg' },
          { download_url: 'https://a/2.mp4', display_url: 'https://a/2.jpg' },
          { display_url: 'https://a/3.jpg', type: 'video' },
          { type: 'image' },
          { url: 'https://a/5.jpg' },
        ],
      },
      post,
    );
    expect(r.author.username).toBe('someone');
    expect(r.items.map((i) => [i.type, i.url, i.previewUrl])).toEqual([
      ['image', 'https://a/1.jpg', 'https://t/1.jpg'],
      ['video', 'https://a/2.mp4', 'https://a/2.jpg'],
      ['video', 'https://a/3.jpg', 'https://a/3.jpg'],
      ['image', 'https://a/5.jpg', 'https://t/response.jpg'],
    ]);
    const bare = normalizeAutolink({ medias: [{ url: 'https://a/x.jpg' }] }, post);
    expect(bare.items[0]!.previewUrl).toBe('https://a/x.jpg');
    expect(bare.author.username).toBe('Instagram User');
  });

  it('fails with the messages of spec §5', () => {
    expect(failureOf(() => normalizeAutolink({ error: true, message: 'Quota exceeded' }, post)).userMessage).toBe('Quota exceeded');
    expect(failureOf(() => normalizeAutolink({ error: true }, post)).userMessage).toBe('API returned an error');
    const empty = failureOf(() => normalizeAutolink({ medias: [] }, post));
    expect([empty.kind, empty.userMessage]).toEqual(['no_media', 'No media found in the response']);
    expect(failureOf(() => normalizeAutolink({}, post)).userMessage).toBe('No media found in the response');
    const invalid = failureOf(() => normalizeAutolink({ medias: [{ type: 'image' }, null] }, post));
    expect([invalid.kind, invalid.userMessage]).toEqual(['no_media', 'No valid media found in the response']);
  });
});

describe('normalizeStoryInfo (spec §5)', () => {
  const story = { kind: 'story' as const, sourceUrl: `${IG}/stories/a/1/`, username: 'a' };
  it('one item from download_url, video by type or .mp4, thumb as preview', () => {
    const r = normalizeStoryInfo({ download_url: 'https://a/s.mp4', thumb: 'https://a/t.jpg' }, story);
    expect(r.items).toEqual([{ type: 'video', url: 'https://a/s.mp4', previewUrl: 'https://a/t.jpg', qualities: [{ url: 'https://a/s.mp4', width: 0, height: 0 }] }]);
    expect(normalizeStoryInfo({ download_url: 'https://a/s.jpg', type: 'image' }, story).items[0]!.type).toBe('image');
  });
  it('requires download_url; error → its message or the default', () => {
    expect(failureOf(() => normalizeStoryInfo({ type: 'video' }, story)).userMessage).toBe('No valid media items found in response');
    expect(failureOf(() => normalizeStoryInfo({ error: true, message: 'Story expired' }, story)).userMessage).toBe('Story expired');
    expect(failureOf(() => normalizeStoryInfo({ error: 'yes' }, story)).userMessage).toBe('API returned an error');
  });
});

describe('providers in the chain (real app, fake providers)', () => {
  let rig: ResolveRig;
  beforeAll(async () => {
    rig = await startResolveRig({
      envFor: (fake) => ({
        AUTOLINK_API_KEY: 'fake-provider-key',
        AUTOLINK_ORIGIN: fake.providerOrigin,
        STORY_API_KEY: 'fake-provider-key',
        STORY_API_ORIGIN: fake.providerOrigin,
      }),
    });
  });
  afterAll(() => rig?.close());
  afterEach(() => {
    rig.fake.switches.reset();
    rig.fake.counts.reset();
  });

  const breakAll = () => {
    for (const name of POST_ENDPOINTS) rig.fake.switches.break(name);
  };

  it('is not asked while a built-in strategy works', async () => {
    expect((await rig.resolve(`${IG}/p/${FIXTURE.image}/`)).status).toBe(200);
    expect(rig.fake.counts.get('autolink')).toBe(0);
  });

  it('autolink answers when every built-in strategy fails', async () => {
    breakAll();
    const res = await rig.resolve(`${IG}/p/${FIXTURE.carousel}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'post', shortcode: FIXTURE.carousel, author: { username: 'instagram' } });
    expect(res.body.items.map((i: { type: string }) => i.type)).toEqual(['image', 'video', 'image']);
    expect(rig.fake.counts.get('autolink', FIXTURE.carousel)).toBe(1);
  });

  it('an empty autolink answer is no_media with the spec message', async () => {
    breakAll();
    rig.fake.switches.break('autolink', 'empty');
    const res = await rig.resolve(`${IG}/p/${FIXTURE.v1Image}/`);
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'no_media', message: 'No media found in the response' });
  });

  it('a refused key is counted as the provider being unavailable, never a success', async () => {
    breakAll();
    rig.fake.switches.providerKey = 'another-key';
    const before = await unavailableCount();
    const res = await rig.resolve(`${IG}/p/${FIXTURE.igtv}/`);
    // the built-in strategies' unreadable answers outrank an unavailable provider (media-info needs a session: not run)
    expect(res.body.error.code).toBe('upstream_changed');
    expect(rig.fake.counts.get('autolink', FIXTURE.igtv)).toBe(1);
    expect(await unavailableCount()).toBe(before + 1);
  });

  it('profiles fall back to autolink', async () => {
    rig.fake.switches.break('web-profile-info').break('topsearch').break('profile-page');
    const res = await rig.resolve(`${IG}/instagram/`);
    expect(res.body).toMatchObject({ kind: 'profile', author: { username: 'instagram' }, items: [{ type: 'image' }] });
  });

  it('stories without a session go to story-info (no Instagram request)', async () => {
    const res = await rig.resolve(`${IG}/stories/${FIXTURE.storyUser}/${FIXTURE.storyItemId}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'story', author: { username: FIXTURE.storyUser }, items: [{ type: 'video' }] });
    expect(rig.fake.counts.get('story-info', FIXTURE.storyUser)).toBe(1);
    expect(rig.fake.counts.get('reels-media')).toBe(0);
  });
});

describe('stories with neither a session nor a story provider', () => {
  it('answer login_required with a clear message, without asking Instagram', async () => {
    const rig = await startResolveRig();
    try {
      const res = await rig.resolve(`${IG}/stories/${FIXTURE.storyUser}/`);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('login_required');
      expect(res.body.error.message).toMatch(/logged-in Instagram session/);
      expect(rig.fake.counts.total()).toBe(0);
    } finally {
      await rig.close();
    }
  });
});

describe('a provider that answers with an endless body', () => {
  it('is cut off at the size limit with a clean 502, not read into memory whole', async () => {
    const { createServer } = await import('node:http');
    let sent = 0;
    let closed!: () => void;
    const done = new Promise<void>((resolve) => (closed = resolve));
    const hostile = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      res.on('close', closed);
      const pump = () => {
        while (sent < 256 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.write('{"medias":"');
      pump();
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(hostile.address() as import('node:net').AddressInfo).port}`;
    const rig = await startResolveRig({ env: { AUTOLINK_API_KEY: 'k', AUTOLINK_ORIGIN: origin } });
    try {
      rig.fake.switches.break('web-profile-info').break('topsearch').break('profile-page');
      const res = await rig.resolve(`${IG}/instagram/`);
      expect(res.status).toBe(502);
      expect(res.body.error.code).toMatch(/^upstream_/);
      await done;
      expect(sent).toBeLessThan(32 * 1024 * 1024);
    } finally {
      await rig.close();
      hostile.closeAllConnections();
      await new Promise((resolve) => hostile.close(resolve));
    }
  });
});
