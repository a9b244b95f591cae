/** The fake upstream itself: it must insist on what real Instagram insists on, and serve only fake-CDN URLs. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rewriteCdnText, rewriteCdnUrl } from './cdn-rewrite.ts';
import { APP_ID, DOC_IDS } from './context.ts';
import { FIXTURE, startFakeInstagram, type FakeInstagram } from './index.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
const APP = 'Instagram 275.0.0.27.98 Android (33/13; 420dpi; 1080x2400; samsung; SM-G991B; o1s; exynos2100; en_US; 458229237)';
let fake: FakeInstagram;

beforeAll(async () => {
  fake = await startFakeInstagram();
});
afterAll(() => fake?.close());
beforeEach(() => fake.reset());

async function tokens(): Promise<{ lsd: string; csrf: string }> {
  const res = await fetch(`${fake.webOrigin}/`, { headers: { 'user-agent': BROWSER } });
  const html = await res.text();
  const lsd = /\["LSD",\[\],\{"token":"([^"]+)"/.exec(html)![1]!;
  const csrf = /csrftoken=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))![1]!;
  return { lsd, csrf };
}

function graphql(docId: string, variables: object, headers: Record<string, string>, lsd: string) {
  const body = new URLSearchParams({ doc_id: docId, variables: JSON.stringify(variables), lsd }).toString();
  return fetch(`${fake.webOrigin}/graphql/query`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });
}

describe('CDN URL rewriting', () => {
  it('keeps host, path and query, replacing only oe', () => {
    const url = rewriteCdnUrl('scontent-mrs2-2.cdninstagram.com', '/v/t51/1_n.jpg?stp=dst-jpg&_nc_ht=x&oe=634F7188&_nc_sid=cff2a4', 'http://127.0.0.1:1', 0x7000_0000);
    expect(url).toBe('http://127.0.0.1:1/scontent-mrs2-2.cdninstagram.com/v/t51/1_n.jpg?stp=dst-jpg&_nc_ht=x&oe=70000000&_nc_sid=cff2a4');
  });
  it('works inside XML with &amp; and adds oe when missing', () => {
    const xml = '<BaseURL>https://a.fbcdn.net/x.mp4?_nc_ht=a&amp;oe=634A2782&amp;_nc_sid=1</BaseURL>';
    expect(rewriteCdnText(xml, 'http://c', 16)).toBe('<BaseURL>http://c/a.fbcdn.net/x.mp4?_nc_ht=a&amp;oe=10&amp;_nc_sid=1</BaseURL>');
    expect(rewriteCdnText('"https://a.cdninstagram.com/y.jpg"', 'http://c', 16)).toBe('"http://c/a.cdninstagram.com/y.jpg?oe=10"');
  });
});

describe('headers real Instagram requires', () => {
  it('GraphQL needs the app id with a browser UA, and a valid LSD', async () => {
    const { lsd, csrf } = await tokens();
    const ok = await graphql(DOC_IDS.shortcode, { shortcode: FIXTURE.image }, { 'user-agent': BROWSER, 'x-ig-app-id': APP_ID, 'x-fb-lsd': lsd }, lsd);
    expect(ok.status).toBe(200);
    const text = await ok.text();
    expect(text).toContain(`"shortcode":"${FIXTURE.image}"`);
    // every CDN URL points at the fake CDN
    expect(text).not.toMatch(/https?:\/\/[^/"]*(cdninstagram\.com|fbcdn\.net)/);
    expect(text).toContain(`${fake.cdnOrigin}/scontent-iad3-1.cdninstagram.com/`);

    const noAppId = await graphql(DOC_IDS.shortcode, { shortcode: FIXTURE.image }, { 'user-agent': BROWSER, 'x-fb-lsd': lsd }, lsd);
    expect([noAppId.status, await noAppId.json()]).toEqual([400, { message: 'useragent mismatch', status: 'fail' }]);
    const noLsd = await graphql(DOC_IDS.shortcode, { shortcode: FIXTURE.image }, { 'user-agent': BROWSER, 'x-ig-app-id': APP_ID }, lsd);
    expect(noLsd.status).toBe(400);
    const noCsrf = await graphql(DOC_IDS.webInfo, { shortcode: FIXTURE.image }, { 'user-agent': BROWSER, 'x-ig-app-id': APP_ID, 'x-fb-lsd': lsd }, lsd);
    expect(noCsrf.status).toBe(403);
    const withCsrf = await graphql(
      DOC_IDS.webInfo,
      { shortcode: FIXTURE.image },
      { 'user-agent': BROWSER, 'x-ig-app-id': APP_ID, 'x-fb-lsd': lsd, 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
      lsd,
    );
    expect(withCsrf.status).toBe(200);
    fake.rotateTokens();
    const rotated = await graphql(DOC_IDS.shortcode, { shortcode: FIXTURE.image }, { 'user-agent': BROWSER, 'x-ig-app-id': APP_ID, 'x-fb-lsd': lsd }, lsd);
    expect(rotated.status).toBe(400);
    expect(fake.counts.get('graphql-shortcode', FIXTURE.image)).toBe(4);
  });

  it('the REST paths answer on the web origin to the web app id with a browser UA (the consistent pair), stories with a session', async () => {
    const rest = `${fake.webOrigin}/api/v1/feed/reels_media/?reel_ids=${FIXTURE.storyUserId}`;
    const app = await fetch(rest, { headers: { 'user-agent': APP, 'x-ig-app-id': APP_ID } });
    expect(app.status).toBe(400);
    const noSession = await fetch(rest, { headers: { 'user-agent': BROWSER, 'x-ig-app-id': APP_ID }, redirect: 'manual' });
    expect(noSession.status).toBe(302);
    expect(noSession.headers.get('location')).toMatch(/\/accounts\/login\/$/);
    const withSession = await fetch(rest, { headers: { 'user-agent': BROWSER, 'x-ig-app-id': APP_ID, cookie: 'sessionid=x' } });
    const body = (await withSession.json()) as { reels: Record<string, { items: unknown[] }> };
    expect(body.reels[FIXTURE.storyUserId]!.items).toHaveLength(6);
    fake.switches.expiredSessions.add('x');
    const expired = await fetch(rest, { headers: { 'user-agent': BROWSER, 'x-ig-app-id': APP_ID, cookie: 'sessionid=x' }, redirect: 'manual' });
    expect([expired.status, new URL(expired.headers.get('location')!).pathname]).toEqual([302, '/']);
  });

  it('share links redirect only a plain client; a browser gets HTML', async () => {
    const curl = await fetch(`${fake.webOrigin}/share/${FIXTURE.shareToPost}/`, { headers: { 'user-agent': 'curl/8.5.0' }, redirect: 'manual' });
    expect(curl.status).toBe(301);
    expect(curl.headers.get('location')).toContain(`/p/${FIXTURE.carousel}/`);
    const browser = await fetch(`${fake.webOrigin}/share/${FIXTURE.shareToPost}/`, { headers: { 'user-agent': BROWSER }, redirect: 'manual' });
    expect(browser.status).toBe(200);
  });

  it('the providers require their key', async () => {
    const ask = (key: string) =>
      fetch(`${fake.providerOrigin}/v1/social/autolink`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-rapidapi-key': key, 'x-rapidapi-host': 'fake' },
        body: JSON.stringify({ url: `https://www.instagram.com/p/${FIXTURE.image}/` }),
      });
    expect((await ask('wrong')).status).toBe(403);
    const ok = await ask(fake.switches.providerKey);
    expect(((await ok.json()) as { medias: unknown[] }).medias).toHaveLength(1);
  });
});

describe('served CDN URLs', () => {
  it('are fetchable from the fake CDN, and refused there when the expired switch is on', async () => {
    const res = await fetch(`${fake.webOrigin}/p/${FIXTURE.image}/embed/captioned/`);
    const html = await res.text();
    const url = new RegExp(`${fake.cdnOrigin.replace(/[.:/]/g, '\\$&')}[^"\\\\]+`).exec(html)![0];
    expect((await fetch(url)).status).toBe(200);
    fake.switches.set(FIXTURE.image, 'expired');
    const expiredHtml = await (await fetch(`${fake.webOrigin}/p/${FIXTURE.image}/embed/captioned/`)).text();
    const expiredUrl = new RegExp(`${fake.cdnOrigin.replace(/[.:/]/g, '\\$&')}[^"\\\\]+`).exec(expiredHtml)![0];
    const oe = parseInt(new URL(expiredUrl).searchParams.get('oe')!, 16);
    expect(oe).toBeLessThan(Date.now() / 1000);
    expect((await fetch(expiredUrl)).status).toBe(403);
  });
});
