/** The fake's Threads face: each fact of issue 40 as Threads serves it, behind its switch. */
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { probe } from '../../media-probe.ts';
import { startFakeInstagram, type FakeInstagram } from '../index.ts';
import { shortcodeToPk } from '../../../src/shared/shortcode.ts';
import { THREADS_DOC_ID } from '../switches.ts';
import { THREADS_FIXTURE } from './threads-fixtures.ts';
import { GATING_SHELL, THREADS_APP_ID } from './threads-web.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
const NAVIGATION = { 'user-agent': BROWSER, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
let fake: FakeInstagram;

beforeAll(async () => {
  fake = await startFakeInstagram();
});
afterAll(() => fake?.close());
beforeEach(() => fake.reset());

/** A GET through node:http: fetch() sends its own Sec-Fetch-Mode, never a navigation's. */
function page(path: string, headers: Record<string, string> = NAVIGATION): Promise<Response> {
  return new Promise((resolve, reject) => {
    request(`${fake.threadsOrigin}${path}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
        const out = new Headers();
        for (const [k, v] of Object.entries(res.headers)) for (const one of [v].flat()) if (one !== undefined) out.append(k, one);
        resolve(new Response(res.statusCode === 301 ? null : Buffer.concat(chunks), { status: res.statusCode!, headers: out }));
      });
    })
      .on('error', reject)
      .end();
  });
}

/** A file from the fake CDN on a connection of its own (a kept-alive one may be closed under us on a loaded machine). */
function bytesOf(url: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    })
      .on('error', (err) => reject(new Error(`${url}: ${err.message}`)))
      .end();
  });
}

async function session(): Promise<{ lsd: string; csrf: string; cookie: string }> {
  const res = await page('/');
  const lsd = /\["LSD",\[\],\{"token":"([^"]+)"/.exec(await res.text())![1]!;
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('csrftoken='))!.slice('csrftoken='.length);
  return { lsd, csrf, cookie: cookies.join('; ') };
}

async function postQuery(code: string, options: { docId?: string; omit?: string } = {}): Promise<Response> {
  const { lsd, csrf, cookie } = await session();
  const headers: Record<string, string> = {
    'user-agent': BROWSER,
    'content-type': 'application/x-www-form-urlencoded',
    'x-ig-app-id': THREADS_APP_ID,
    'x-fb-lsd': lsd,
    'x-csrftoken': csrf,
    'x-fb-friendly-name': 'BarcelonaPostPageDirectQuery',
    'x-root-field-name': 'xdt_api__v1__text_feed__media_id__replies__connection',
    'x-logged-out-threads-migrated-request': 'true',
    cookie,
  };
  if (options.omit) delete headers[options.omit];
  const body = new URLSearchParams({ lsd, doc_id: options.docId ?? THREADS_DOC_ID, fb_api_req_friendly_name: 'BarcelonaPostPageDirectQuery', variables: JSON.stringify({ postID: shortcodeToPk(code) }) });
  return fetch(`${fake.threadsOrigin}/graphql/query`, { method: 'POST', headers, body });
}

describe('the post page', () => {
  it('holds the post in a data-sjs RelayPrefetchedStreamCache block, after a block that only names the query, with a reply after it', async () => {
    const res = await page(`/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.photo}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const blocks = [...html.matchAll(/<script type="application\/json"[^>]*data-sjs>(.*?)<\/script>/g)].map((m) => m[1]!);
    expect(blocks.filter((b) => b.includes('BarcelonaPostPageDirectQuery'))).toHaveLength(2);
    const withPost = blocks.find((b) => b.includes('RelayPrefetchedStreamCache'))!;
    expect(withPost).toContain(`"code":"${THREADS_FIXTURE.photo}"`);
    expect(withPost.indexOf(`"code":"${THREADS_FIXTURE.reply}"`)).toBeGreaterThan(withPost.indexOf(`"code":"${THREADS_FIXTURE.photo}"`));
    expect(html).not.toMatch(/https?:\/\/[^/"]*(cdninstagram\.com|fbcdn\.net|giphy\.com)/);
    expect(fake.counts.threads()).toBe(1);
  });

  it('answers the gating shell to a client that is not a browser navigation, and to everyone with the switch', async () => {
    expect(await (await page(`/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.photo}`, { 'user-agent': BROWSER })).text()).toBe(GATING_SHELL);
    fake.switches.threads.add('gating-shell');
    expect(await (await page(`/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.photo}`)).text()).toBe(GATING_SHELL);
  });

  it('sends /t/{code} and a wrong @user to the post page', async () => {
    for (const path of [`/t/${THREADS_FIXTURE.video}`, `/@someone.else/post/${THREADS_FIXTURE.video}`]) {
      const res = await page(path);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`${fake.threadsOrigin}/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.video}`);
    }
  });

  it('answers 404 for a deleted post and 429 with Retry-After when throttling', async () => {
    fake.switches.set(THREADS_FIXTURE.photo, 'not_found');
    expect((await page(`/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.photo}`)).status).toBe(404);
    fake.switches.set(THREADS_FIXTURE.photo, 'rate_limited');
    const throttled = await page(`/@${THREADS_FIXTURE.user}/post/${THREADS_FIXTURE.photo}`);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('120');
  });
});

describe('BarcelonaPostPageDirectQuery', () => {
  it('answers the post under data.data.edges[0].node.thread_items with the headers FxEmbed sends', async () => {
    const res = await postQuery(THREADS_FIXTURE.carousel);
    const json = (await res.json()) as { data: { data: { edges: { node: { thread_items: { post: { code: string; carousel_media: unknown[] } }[] } }[] } } };
    const post = json.data.data.edges[0]!.node.thread_items[0]!.post;
    expect(post.code).toBe(THREADS_FIXTURE.carousel);
    expect(post.carousel_media).toHaveLength(4);
  });

  it('says "Not Logged In" without the logged-out migration header, and refuses other headers missing', async () => {
    expect(((await (await postQuery(THREADS_FIXTURE.photo, { omit: 'x-logged-out-threads-migrated-request' })).json()) as { errors: { summary: string }[] }).errors[0]!.summary).toBe('Not Logged In');
    expect((await postQuery(THREADS_FIXTURE.photo, { omit: 'x-fb-lsd' })).status).toBe(400);
    expect((await postQuery(THREADS_FIXTURE.photo, { omit: 'x-csrftoken' })).status).toBe(403);
  });

  it('refuses a rotated doc id, and the bundles on the static origin export the new one', async () => {
    fake.switches.rotateThreadsDocId();
    const stale = (await (await postQuery(THREADS_FIXTURE.photo)).json()) as { data: unknown; errors: unknown[] };
    expect(stale.data).toBeNull();
    const home = await (await page('/')).text();
    const relay = /src="([^"]+BarcelonaRelay\.js)"/.exec(home)![1]!;
    expect(relay.startsWith(fake.staticOrigin)).toBe(true);
    const bundle = await (await fetch(relay)).text();
    expect(bundle).toContain(`__d("BarcelonaPostPageDirectQuery_threadsRelayOperation",[],(function(t,n,r,o,a,i){a.exports="${fake.switches.threadsDocId}"})`);
    expect((await postQuery(THREADS_FIXTURE.photo, { docId: fake.switches.threadsDocId })).status).toBe(200);
  });

  it('answers api_error_code 368 when the asker is blocked, and nothing for a text-only or unknown post', async () => {
    fake.switches.set(THREADS_FIXTURE.photo, 'temporarily_blocked');
    expect(((await (await postQuery(THREADS_FIXTURE.photo)).json()) as { api_error_code: number }).api_error_code).toBe(368);
    const unknown = (await (await postQuery('DThNothing1')).json()) as { data: { data: { edges: unknown[] } } };
    expect(unknown.data.data.edges).toEqual([]);
  });
});

describe('the posts', () => {
  const post = async (code: string) => {
    const json = (await (await postQuery(code)).json()) as { data: { data: { edges: { node: { thread_items: { post: Record<string, any> }[] } }[] } } }; // eslint-disable-line @typescript-eslint/no-explicit-any
    return json.data.data.edges[0]!.node.thread_items[0]!.post;
  };

  it('a video: every video_versions entry without a size, all one real MP4 on the fake CDN', async () => {
    const video = await post(THREADS_FIXTURE.video);
    expect(video.media_type).toBe(2);
    const urls = new Set(video.video_versions.map((v: { url: string; width?: number }) => (expect(v.width).toBeUndefined(), v.url)));
    expect(urls.size).toBe(1);
    const bytes = await bytesOf([...urls][0] as string);
    expect(probe(bytes).streams.some((s) => s.codec_type === 'video')).toBe(true);
  });

  it('a GIF: media_type 19 with GIPHY’s MP4 and Meta’s proxied copy, both real; one without Meta’s copy', async () => {
    const gif = await post(THREADS_FIXTURE.gif);
    expect(gif.media_type).toBe(19);
    for (const rendition of [gif.giphy_media_info.images.fixed_height, gif.giphy_media_info.first_party_cdn_proxied_images.fixed_height]) {
      const bytes = await bytesOf(rendition.mp4);
      expect(probe(bytes).streams.map((s) => s.codec_type)).toEqual(['video']);
    }
    expect(gif.giphy_media_info.images.fixed_height.mp4).toContain('/media1.giphy.com/');
    expect((await post(THREADS_FIXTURE.giphyGif)).giphy_media_info.first_party_cdn_proxied_images).toBeUndefined();
  });

  it('text only, a quote and an inline link: media_type 19, the other post inside text_post_app_info', async () => {
    const text = await post(THREADS_FIXTURE.text);
    expect([text.media_type, text.image_versions2.candidates, text.giphy_media_info]).toEqual([19, [], null]);
    expect((await post(THREADS_FIXTURE.quote)).text_post_app_info.share_info.quoted_attachment_post.code).toBe(THREADS_FIXTURE.photo);
    expect((await post(THREADS_FIXTURE.linked)).text_post_app_info.linked_inline_media.code).toBe(THREADS_FIXTURE.video);
  });
});
