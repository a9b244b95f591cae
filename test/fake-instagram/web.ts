/**
 * The fake web origin: `/` (tokens), web GraphQL, Polaris, post pages, embed pages, web_profile_info, topsearch,
 * profile pages, share links, login, and the REST paths (api.ts). The 2026 facts (switches.ts FACTS_2026) change
 * answers where Instagram changed them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleRest } from './api.ts';
import { rewriteCdnJson, rewriteCdnText, oeFor } from './cdn-rewrite.ts';
import { bundleTags } from './bundles.ts';
import { sendMediaJson, sendUseragentMismatch, shortcodeOfPk, xhrHeadersOk, type FakeContext } from './context.ts';
import { BARE_USER_AGENT, EXECUTION_ERROR } from './facts-posts.ts';
import { FIXTURE, webProfileAnswer } from './fixtures.ts';
import { oembed } from './oembed.ts';
import { applyFault, cookiesOf, readBody, send, sendHtml, sendJson } from './respond.ts';
import { handleUserGraphql, userDocOf } from './profile-paths.ts';
import { embedShape, JAR_COOKIES, LOGGED_OUT, LONG_CODE, NOT_AVAILABLE, polarisShape, postPage, scriptJson, STALE_400 } from './post-page.ts';

/** The claim Instagram hands out once 2026's `www-claim` fact is on. */
export const WWW_CLAIM = 'hmac.AR0fakeWwwClaimFromTheFake';
const RESERVED = new Set(['accounts', 'api', 'challenge', 'explore', 'graphql', 'p', 'reel', 'reels', 'share', 'stories', 'tv', 'web', 'static']);

/** A private post's answer on the v1-shaped endpoints (no peer read 2026-11-26 confirms it for posts: unverified). */
const NOT_AUTHORIZED = { message: 'Not authorized to view user', status: 'fail' };

export async function handleWeb(ctx: FakeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname;
  if (ctx.switches.is2026('www-claim')) res.setHeader('x-ig-set-www-claim', WWW_CLAIM);
  if (req.method === 'GET' && path === '/') return home(ctx, req, res);
  if (req.method === 'GET' && path === '/api/v1/oembed/') return oembed(ctx, req, res, url.searchParams.get('url') ?? '');
  if (await handleRest(ctx, req, res, url)) return;
  if (req.method === 'GET' && path === '/web/search/topsearch/') return topsearch(ctx, req, res, url.searchParams.get('query') ?? '');
  if (req.method === 'POST' && (path === '/graphql/query' || path === '/api/graphql')) return graphql(ctx, req, res, path);
  const embedMatch = /^\/(?:p|reel|tv)\/([A-Za-z0-9_-]+)\/embed(?:\/captioned)?\/?$/.exec(path);
  if (req.method === 'GET' && embedMatch) return embed(ctx, req, res, embedMatch[1]!);
  if (req.method === 'GET' && path === '/api/v1/users/web_profile_info/') return webProfile(ctx, req, res, url.searchParams.get('username') ?? '');
  const pageMatch = /^\/(p|reel|tv)\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  if (req.method === 'GET' && pageMatch) return postPage(ctx, req, res, pageMatch[2]!, pageMatch[1]!);
  const shareMatch = /^\/share\/(?:(?:p|reel)\/)?([A-Za-z0-9_-]+)\/?$/.exec(path);
  if (req.method === 'GET' && shareMatch) return share(ctx, req, res, shareMatch[1]!);
  if (path.startsWith('/accounts/login')) {
    ctx.counts.hit('login');
    return sendHtml(res, 200, '<!DOCTYPE html><html><body><form id="loginForm">Log in</form></body></html>');
  }
  const profileMatch = /^\/([A-Za-z0-9._]{1,30})\/?$/.exec(path);
  if (req.method === 'GET' && profileMatch && !RESERVED.has(profileMatch[1]!.toLowerCase())) return profilePage(ctx, req, res, profileMatch[1]!);
  ctx.counts.hit('unknown');
  return sendHtml(res, 404, NOT_AVAILABLE);
}

async function home(ctx: FakeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  ctx.counts.hit('home');
  const ok = await applyFault(ctx.switches.faultFor('home', undefined), req, res, ctx.webOrigin, {
    notFound: () => sendHtml(res, 404, '<html></html>'),
    private: () => sendHtml(res, 404, '<html></html>'),
  });
  if (!ok) return;
  const { lsd, csrf } = ctx.tokens.issue();
  // 2026: some pages set no csrftoken cookie and carry the token in the page, some grant none at all.
  const noCsrf = ctx.switches.is2026('no-csrf');
  const cookieless = noCsrf || ctx.switches.is2026('csrf-in-page');
  const lsdScript = ctx.switches.is2026('lsd-eqmc-only')
    ? `<script type="application/json" id="__eqmc">{"u":"\\/","e":"AcHzfake","s":"1:2:3","l":"${lsd}","f":"fake"}</script>`
    : `<script type="application/json">{"define":[["LSD",[],{"token":"${lsd}"},323]]}</script>`;
  const inPage = cookieless && !noCsrf ? `<script type="application/json">{"config":{"csrf_token":"${csrf}","viewer":null}}</script>` : '';
  sendHtml(
    res,
    200,
    `<!DOCTYPE html><html lang="en"><head><title>Instagram</title>${lsdScript}${inPage}${bundleTags(ctx)}</head><body></body></html>`,
    { 'set-cookie': [...(cookieless ? [] : [`csrftoken=${csrf}; Path=/; Max-Age=31449600; SameSite=Lax; Secure`]), 'ig_did=FAKE; Path=/; HttpOnly', ...(ctx.switches.is2026('cookie-jar') ? JAR_COOKIES : [])] },
  );
}

async function graphql(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const form = new URLSearchParams(await readBody(req));
  const docId = form.get('doc_id');
  // The profile view's queries (issue 36) have their own file.
  const userDoc = userDocOf(ctx, docId);
  if (userDoc) return handleUserGraphql(ctx, req, res, userDoc, form);
  const ids = ctx.switches.docIds;
  const endpoint =
    path === '/api/graphql'
      ? docId === ids.polaris
        ? 'polaris-media'
        : 'unknown'
      : docId === ids.shortcode
        ? 'graphql-shortcode'
        : docId === ids.webInfo
          ? 'graphql-web-info'
          : 'unknown';
  let variables: Record<string, string> = {};
  try {
    variables = JSON.parse(form.get('variables') ?? '{}') as Record<string, string>;
  } catch (err) {
    ctx.counts.hit(endpoint);
    return sendJson(res, 400, { message: `bad variables: ${(err as Error).message}`, status: 'fail' });
  }
  const shortcode = endpoint === 'polaris-media' ? shortcodeOfPk(String(variables.media_id ?? '')) : variables.shortcode;
  ctx.counts.hit(endpoint, shortcode);
  ctx.counts.saw(endpoint, req.headers);
  // A doc id Instagram no longer knows (after a rotation): an errors answer without data ("status":"fail" in 2026).
  if (endpoint === 'unknown') {
    if (ctx.switches.is2026('stale-400')) return sendJson(res, 400, STALE_400);
    return sendJson(res, 200, { errors: [{ message: 'execution error', severity: 'CRITICAL', code: 1675030 }], data: null, status: ctx.switches.is2026('stale-status-fail') ? 'fail' : 'ok' });
  }
  // June 2026: the retired query answers null for every post, whatever the post (instaloader #2704, yt-dlp #17074).
  if (endpoint === 'graphql-shortcode' && ctx.switches.is2026('shortcode-retired')) {
    return sendJson(res, 200, { data: { xdt_shortcode_media: null }, extensions: { is_final: true }, status: 'ok' });
  }
  // Polaris answers its app shell to a client without a browser's TLS fingerprint (FxEmbed PR #2299).
  if (endpoint === 'polaris-media' && ctx.switches.is2026('polaris-html')) return sendHtml(res, 200, APP_SHELL);
  if (endpoint === 'polaris-media' && ctx.switches.is2026('polaris-tls') && ctx.browserByPort.get(req.socket.remotePort ?? -1) !== true) return sendHtml(res, 200, APP_SHELL);
  // Fact 11 (facts-posts.ts): where Instagram wants the bare shape, a browser's request gets the login shell.
  const wantsBare = ctx.switches.is2026('bare-shape') && (endpoint === 'graphql-web-info' || endpoint === 'polaris-media');
  if (wantsBare && req.headers['user-agent'] !== BARE_USER_AGENT) return sendHtml(res, 200, LOGIN_SHELL);
  if (!wantsBare && !xhrHeadersOk(req)) return sendUseragentMismatch(res);
  const lsd = req.headers['x-fb-lsd'];
  // The bare shape's lsd is its own: only form and header must agree.
  if (typeof lsd !== 'string' || (!wantsBare && !ctx.tokens.lsd.has(lsd)) || form.get('lsd') !== lsd) {
    return sendJson(res, 400, { message: 'LSD token missing or invalid', status: 'fail' });
  }
  if (endpoint === 'graphql-web-info' && !wantsBare) {
    const csrf = req.headers['x-csrftoken'];
    if (typeof csrf !== 'string' || !ctx.tokens.csrf.has(csrf) || cookiesOf(req).csrftoken !== csrf) {
      return sendJson(res, 403, { message: 'CSRF token missing or incorrect', status: 'fail' });
    }
  }
  const post = shortcode ? ctx.fixtures.posts.get(shortcode) : undefined;
  if (endpoint !== 'graphql-shortcode' && ctx.switches.is2026('graphql-logged-out')) return sendJson(res, 200, LOGGED_OUT);
  // instaloader #2738: the 2026 post queries answer "execution error" 4630001 for posts that exist.
  if (endpoint !== 'graphql-shortcode' && post && ctx.switches.is2026('execution-error')) return sendJson(res, 200, EXECUTION_ERROR);
  const jar = cookiesOf(req);
  const nullAnswer = () => {
    if (endpoint === 'graphql-shortcode') return sendJson(res, 200, { data: { xdt_shortcode_media: null }, extensions: { is_final: true }, status: 'ok' });
    if (endpoint === 'graphql-web-info') return sendJson(res, 200, { data: { xdt_api__v1__media__shortcode__web_info: { items: [] } }, status: 'ok' });
    return sendJson(res, 200, { data: { xig_polaris_media: null }, status: 'ok' });
  };
  // Without the jar a browser carries (mid, ig_did), an empty answer (unverified: what Instagram does then).
  if (ctx.switches.is2026('cookie-jar') && (!jar.mid || !jar.ig_did)) return nullAnswer();
  const ok = await applyFault(ctx.switches.faultFor(endpoint, shortcode), req, res, ctx.webOrigin, {
    notFound: nullAnswer,
    // GraphQL by shortcode says only null for private posts; the v1-shaped ones say who may see it.
    private: () => (endpoint === 'graphql-shortcode' ? nullAnswer() : sendJson(res, 400, NOT_AUTHORIZED)),
    gated: () => (endpoint === 'polaris-media' ? sendJson(res, 200, { data: { xig_polaris_media: { if_not_gated_logged_out: null } }, status: 'ok' }) : nullAnswer()),
  });
  if (!ok) return;
  if (!post) return nullAnswer();
  if (endpoint === 'graphql-shortcode') return sendMediaJson(ctx, res, { data: { xdt_shortcode_media: post.graphql }, extensions: { is_final: true }, status: 'ok' }, ok.expired);
  if (endpoint === 'graphql-web-info') return sendMediaJson(ctx, res, { data: { xdt_api__v1__media__shortcode__web_info: { items: [post.v1] } }, status: 'ok' }, ok.expired);
  return sendMediaJson(ctx, res, { data: { xig_polaris_media: { if_not_gated_logged_out: polarisShape(ctx, post.v1) } }, status: 'ok' }, ok.expired);
}

/** What a logged-out browser shape gets where Instagram wants the bare one (the words are ours). */
const LOGIN_SHELL = '<!DOCTYPE html><html lang="en"><head><title>Login • Instagram</title></head><body><div id="react-root"><form id="loginForm">Log in</form></div></body></html>';
const APP_SHELL = '<!DOCTYPE html><html lang="en"><head><title>Instagram</title></head><body><div id="react-root"></div></body></html>';

/** topsearch: users whose name holds the query, the exact one first (gallery-dl's first way to a user in 2026). */
async function topsearch(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, query: string): Promise<void> {
  const key = query.toLowerCase();
  ctx.counts.hit('topsearch', key);
  if (!xhrHeadersOk(req)) return sendUseragentMismatch(res);
  const ok = await applyFault(ctx.switches.faultFor('topsearch', key), req, res, ctx.webOrigin, {
    notFound: () => sendJson(res, 200, { users: [], places: [], hashtags: [], status: 'ok' }),
    private: () => sendJson(res, 200, { users: [], places: [], hashtags: [], status: 'ok' }),
  });
  if (!ok) return;
  const found = [...ctx.fixtures.profiles.values()].filter((p) => key.length > 0 && p.username.toLowerCase().includes(key));
  found.sort((a, b) => Number(b.username.toLowerCase() === key) - Number(a.username.toLowerCase() === key));
  const users = found.slice(0, 20).map((p, position) => ({
    position,
    user: { pk: p.id, pk_id: p.id, username: p.username, full_name: p.fullName, is_private: p.isPrivate, is_verified: false, profile_pic_url: p.picUrl, has_anonymous_profile_picture: false },
  }));
  sendMediaJson(ctx, res, { users, places: [], hashtags: [], has_more: false, status: 'ok' }, ok.expired);
}

/** A profile's page: `"profile_id":"…"` and the picture as og:image (gallery-dl's last way to a user). */
async function profilePage(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, username: string): Promise<void> {
  const key = username.toLowerCase();
  ctx.counts.hit('profile-page', key);
  const ok = await applyFault(ctx.switches.faultFor('profile-page', key), req, res, ctx.webOrigin, {
    notFound: () => sendHtml(res, 404, NOT_AVAILABLE),
    private: () => sendHtml(res, 404, NOT_AVAILABLE),
  });
  if (!ok) return;
  const profile = ctx.fixtures.profiles.get(key);
  if (!profile) return sendHtml(res, 404, NOT_AVAILABLE);
  const picture = rewriteCdnText(profile.picUrl, ctx.cdnOrigin, oeFor(ok.expired)).replace(/&/g, '&amp;');
  sendHtml(
    res,
    200,
    `<!DOCTYPE html><html lang="en"><head><title>${profile.fullName} (@${profile.username}) • Instagram photos and videos</title><meta property="og:image" content="${picture}" />${bundleTags(ctx)}</head><body><script type="application/json" data-sjs>{"require":[["PolarisProfilePageContentQuery",{"props":{"id":"${profile.id}","profile_id":"${profile.id}"}}]]}</script></body></html>`,
  );
}

async function embed(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, shortcode: string): Promise<void> {
  ctx.counts.hit('embed', shortcode);
  const broken = () => sendHtml(res, 200, '<!DOCTYPE html><html><body><div class="EmbedIsBroken">This post is unavailable.</div></body></html>');
  const ok = await applyFault(ctx.switches.faultFor('embed', shortcode), req, res, ctx.webOrigin, {
    notFound: () => sendHtml(res, 404, '<!DOCTYPE html><html><body>Page not found</body></html>'),
    private: broken,
    gated: broken,
  });
  if (!ok) return;
  const post = ctx.fixtures.posts.get(shortcode);
  if (!post && shortcode.length > LONG_CODE && ctx.switches.is2026('private-long-code')) return broken();
  if (!post) return sendHtml(res, 404, '<!DOCTYPE html><html><body>Page not found</body></html>');
  const oe = oeFor(ok.expired);
  // Captured-as-GraphQL posts embed as contextJSON (JSON in a JSON string); v1 ones via __additionalDataLoaded.
  const script =
    post.native === 'graphql'
      ? `<script>requireLazy(["TimeSliceImpl","ServerJS"],function(){(new ServerJS()).handle({"define":[["EmbedSimple",[],{"contextJSON":${scriptJson(
          JSON.stringify({ context: { type: 'media' }, gql_data: { shortcode_media: rewriteCdnJson(embedShape(ctx, post.graphql), ctx.cdnOrigin, oe) } }),
        )}}]]});});</script>`
      : `<script type="text/javascript">window.__additionalDataLoaded('extra',${scriptJson({ items: [rewriteCdnJson(post.v1, ctx.cdnOrigin, oe)] })});</script>`;
  sendHtml(res, 200, `<!DOCTYPE html><html><head><title>Instagram</title></head><body class="EmbedCaptioned">${script}</body></html>`);
}

async function webProfile(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, username: string): Promise<void> {
  const key = username.toLowerCase();
  ctx.counts.hit('web-profile-info', key);
  if (!xhrHeadersOk(req)) return sendUseragentMismatch(res);
  const profile = ctx.fixtures.profiles.get(key);
  // 2026: the endpoint is broken for live business accounts (cobalt #1579) and mostly throttled (gallery-dl PR #9069).
  if (ctx.switches.is2026('profile-info-broken') && profile) {
    if (profile.business) return sendJson(res, 400, { message: 'Asset 1250000000000000 of type ig_business_category_subvertical has been deleted or is not accessible', status: 'fail' });
    // The Retry-After here is unverified (no peer read 2026-11-26 shows one on web_profile_info).
    return sendJson(res, 429, { message: 'Please wait a few minutes before you try again.', status: 'fail' }, { 'retry-after': '300' });
  }
  const fault = ctx.switches.faultFor('web-profile-info', key);
  // A private profile still answers, with is_private: true.
  const isPrivate = fault === 'private' || (profile?.isPrivate ?? false);
  const ok =
    fault === 'private'
      ? { expired: false }
      : await applyFault(fault, req, res, ctx.webOrigin, {
          notFound: () => sendJson(res, 200, { data: { user: null }, status: 'ok' }),
          private: () => undefined,
        });
  if (!ok) return;
  if (!profile) return sendJson(res, 404, { message: '', status: 'fail' });
  sendMediaJson(ctx, res, webProfileAnswer(ctx.fixtures, profile, isPrivate), ok.expired);
}

async function share(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  ctx.counts.hit('share', id);
  const ok = await applyFault(ctx.switches.faultFor('share', id), req, res, ctx.webOrigin, {
    notFound: () => sendHtml(res, 404, '<html><body>Sorry, this page isn&#39;t available.</body></html>'),
    private: () => send(res, 302, '', { location: `${ctx.webOrigin}/accounts/login/` }),
  });
  if (!ok) return;
  const location = id === FIXTURE.shareOffsite ? ctx.switches.offsiteLocation : ctx.fixtures.shares.get(id);
  if (!location) return sendHtml(res, 404, '<html><body>Sorry, this page isn&#39;t available.</body></html>');
  // A browser gets the app's HTML shell; a plain client gets the redirect (PROTOCOL "share links").
  if ((req.headers['user-agent'] ?? '').includes('Mozilla/')) return sendHtml(res, 200, '<!DOCTYPE html><html><body><div id="react-root"></div></body></html>');
  send(res, 301, '', { location });
}
