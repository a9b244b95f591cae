/** The fake web origin: `/` (tokens), web GraphQL, Polaris, embed pages, web_profile_info, share links, login. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rewriteCdnJson, oeFor } from './cdn-rewrite.ts';
import { bundleTags } from './bundles.ts';
import { sendMediaJson, sendUseragentMismatch, shortcodeOfPk, xhrHeadersOk, type FakeContext } from './context.ts';
import { FIXTURE, webProfileAnswer } from './fixtures.ts';
import { applyFault, cookiesOf, readBody, send, sendHtml, sendJson } from './respond.ts';

const NOT_AUTHORIZED = { message: 'Not authorized to view user', status: 'fail' };

/** `<` escaped so JSON can sit inside a <script>. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export async function handleWeb(ctx: FakeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname;
  if (req.method === 'GET' && path === '/') return home(ctx, req, res);
  if (req.method === 'POST' && (path === '/graphql/query' || path === '/api/graphql')) return graphql(ctx, req, res, path);
  const embedMatch = /^\/(?:p|reel|tv)\/([A-Za-z0-9_-]+)\/embed(?:\/captioned)?\/?$/.exec(path);
  if (req.method === 'GET' && embedMatch) return embed(ctx, req, res, embedMatch[1]!);
  if (req.method === 'GET' && path === '/api/v1/users/web_profile_info/') return webProfile(ctx, req, res, url.searchParams.get('username') ?? '');
 const pageMatch = /^\/(?:p|reel|tv)\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  if (req.method === 'GET' && pageMatch) return postPage(ctx, res, pageMatch[1]!);
  const shareMatch = /^\/share\/(?:(?:p|reel)\/)?([A-Za-z0-9_-]+)\/?$/.exec(path);
  if (req.method === 'GET' && shareMatch) return share(ctx, req, res, shareMatch[1]!);
  if (path.startsWith('/accounts/login')) {
    ctx.counts.hit('login');
    return sendHtml(res, 200, '<!DOCTYPE html><html><body><form id="loginForm">Log in</form></body></html>');
  }
  ctx.counts.hit('unknown');
  return sendHtml(res, 404, '<!DOCTYPE html><html><body>Sorry, this page isn&#39;t available.</body></html>');
}

async function home(ctx: FakeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  ctx.counts.hit('home');
  const ok = await applyFault(ctx.switches.faultFor('home', undefined), req, res, ctx.webOrigin, {
    notFound: () => sendHtml(res, 404, '<html></html>'),
    private: () => sendHtml(res, 404, '<html></html>'),
  });
  if (!ok) return;
  const { lsd, csrf } = ctx.tokens.issue();
  sendHtml(
    res,
    200,
    `<!DOCTYPE html><html lang="en"><head><title>Instagram</title><script type="application/json">{"define":[["LSD",[],{"token":"${lsd}"},323]]}</script>${bundleTags(ctx)}</head><body></body></html>`,
    { 'set-cookie': [`csrftoken=${csrf}; Path=/; Max-Age=31449600; SameSite=Lax; Secure`, 'ig_did=FAKE; Path=/; HttpOnly'] },
  );
}

async function graphql(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const form = new URLSearchParams(await readBody(req));
  const docId = form.get('doc_id');
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
  // A doc id Instagram no longer knows (after a rotation): an errors answer without data.
  if (endpoint === 'unknown') return sendJson(res, 200, { errors: [{ message: 'execution error', severity: 'CRITICAL', code: 1675030 }], data: null, status: 'ok' });
  if (!xhrHeadersOk(req, 'browser')) return sendUseragentMismatch(res);
  const lsd = req.headers['x-fb-lsd'];
  if (typeof lsd !== 'string' || !ctx.tokens.lsd.has(lsd) || form.get('lsd') !== lsd) {
    return sendJson(res, 400, { message: 'LSD token missing or invalid', status: 'fail' });
  }
  if (endpoint === 'graphql-web-info') {
    const csrf = req.headers['x-csrftoken'];
    if (typeof csrf !== 'string' || !ctx.tokens.csrf.has(csrf) || cookiesOf(req).csrftoken !== csrf) {
      return sendJson(res, 403, { message: 'CSRF token missing or incorrect', status: 'fail' });
    }
  }
  const post = shortcode ? ctx.fixtures.posts.get(shortcode) : undefined;
  const nullAnswer = () => {
    if (endpoint === 'graphql-shortcode') return sendJson(res, 200, { data: { xdt_shortcode_media: null }, extensions: { is_final: true }, status: 'ok' });
    if (endpoint === 'graphql-web-info') return sendJson(res, 200, { data: { xdt_api__v1__media__shortcode__web_info: { items: [] } }, status: 'ok' });
    return sendJson(res, 200, { data: { xig_polaris_media: null }, status: 'ok' });
  };
  const ok = await applyFault(ctx.switches.faultFor(endpoint, shortcode), req, res, ctx.webOrigin, {
    notFound: nullAnswer,
    // GraphQL by shortcode says only null for private posts; the v1-shaped ones say who may see it.
    private: () => (endpoint === 'graphql-shortcode' ? nullAnswer() : sendJson(res, 400, NOT_AUTHORIZED)),
  });
  if (!ok) return;
  if (!post) return nullAnswer();
  if (endpoint === 'graphql-shortcode') return sendMediaJson(ctx, res, { data: { xdt_shortcode_media: post.graphql }, extensions: { is_final: true }, status: 'ok' }, ok.expired);
  if (endpoint === 'graphql-web-info') return sendMediaJson(ctx, res, { data: { xdt_api__v1__media__shortcode__web_info: { items: [post.v1] } }, status: 'ok' }, ok.expired);
  return sendMediaJson(ctx, res, { data: { xig_polaris_media: { if_not_gated_logged_out: post.v1 } }, status: 'ok' }, ok.expired);
}

/** A post's own page, as a logged-out browser gets it: the app shell and its script bundles. */
async function postPage(ctx: FakeContext, res: ServerResponse, shortcode: string): Promise<void> {
  ctx.counts.hit('post-page', shortcode);
  sendHtml(res, 200, `<!DOCTYPE html><html lang="en"><head><title>Instagram</title><link rel="preload" href="${ctx.staticOrigin}/rsrc.php/v3/y4/r/PolarisApp.js" as="script">${bundleTags(ctx)}</head><body><div id="react-root"></div></body></html>`);
}

async function embed(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, shortcode: string): Promise<void> {
  ctx.counts.hit('embed', shortcode);
  const broken = () => sendHtml(res, 200, '<!DOCTYPE html><html><body><div class="EmbedIsBroken">This post is unavailable.</div></body></html>');
  const ok = await applyFault(ctx.switches.faultFor('embed', shortcode), req, res, ctx.webOrigin, {
    notFound: () => sendHtml(res, 404, '<!DOCTYPE html><html><body>Page not found</body></html>'),
    private: broken,
  });
  if (!ok) return;
  const post = ctx.fixtures.posts.get(shortcode);
  if (!post) return sendHtml(res, 404, '<!DOCTYPE html><html><body>Page not found</body></html>');
  const oe = oeFor(ok.expired);
  // Captured-as-GraphQL posts embed as contextJSON (JSON in a JSON string); v1 ones via __additionalDataLoaded.
  const script =
    post.native === 'graphql'
      ? `<script>requireLazy(["TimeSliceImpl","ServerJS"],function(){(new ServerJS()).handle({"define":[["EmbedSimple",[],{"contextJSON":${scriptJson(
          JSON.stringify({ context: { type: 'media' }, gql_data: { shortcode_media: rewriteCdnJson(post.graphql, ctx.cdnOrigin, oe) } }),
        )}}]]});});</script>`
      : `<script type="text/javascript">window.__additionalDataLoaded('extra',${scriptJson({ items: [rewriteCdnJson(post.v1, ctx.cdnOrigin, oe)] })});</script>`;
  sendHtml(res, 200, `<!DOCTYPE html><html><head><title>Instagram</title></head><body class="EmbedCaptioned">${script}</body></html>`);
}

async function webProfile(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, username: string): Promise<void> {
  const key = username.toLowerCase();
  ctx.counts.hit('web-profile-info', key);
  if (!xhrHeadersOk(req, 'browser')) return sendUseragentMismatch(res);
  const profile = ctx.fixtures.profiles.get(key);
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
