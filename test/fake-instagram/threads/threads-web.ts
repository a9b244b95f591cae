/**
 * The fake's Threads face (THREADS_WEB_ORIGIN): `/` (cookies and the LSD token), a post's page
 * (`/@user/post/{code}`, its data in `data-sjs` RelayPrefetchedStreamCache blocks), `/t/{code}` and a wrong `@user`
 * redirected to the post's own page, and `POST /graphql/query` answering `BarcelonaPostPageDirectQuery` as FxEmbed
 * asks it. Sources, read 2026-11-27: cobalt PR #1558 (the page, the gating shell, the errors), FxEmbed
 * `packages/atmosphere/src/providers/threads/` at 85ba21c (the GraphQL request), yt-dlp PR #13512 and #16406 (links),
 * FixThreads (errors). Each fact is a switch (FakeSwitches.threads).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { oeFor, rewriteCdnJson } from '../cdn-rewrite.ts';
import { shortcodeOfPk, type FakeContext } from '../context.ts';
import { applyFault, cookiesOf, readBody, send, sendHtml, sendJson } from '../respond.ts';
import { scriptJson } from '../post-page.ts';
import { threadsBundleTags } from './threads-bundles.ts';
import { THREADS_FIXTURE } from './threads-fixtures.ts';

export const THREADS_APP_ID = '238260118697367';
export const THREADS_NOT_FOUND = '<!DOCTYPE html><html><head><title>Threads</title></head><body>Sorry, this page isn&#39;t available.</body></html>';
/** What Threads gives a client that does not look like a browser navigation (cobalt PR #1558): no post in it. */
export const GATING_SHELL =
  '<!DOCTYPE html><html lang="en"><head><title>Threads</title></head><body><div id="barcelona-page-layout"><a href="/login">Log in or sign up for Threads</a></div><script type="application/json" data-sjs>{"require":[["ServerJS","handle",null,[{"define":[["BarcelonaLoggedOutGate",[],{"gated":true},1]]}]]]}</script></body></html>';
/** `api_error_code` 368 (cobalt PR #1558): the asker is blocked for a while. */
export const TEMPORARILY_BLOCKED = { message: 'Your account is temporarily blocked', api_error_code: 368, status: 'fail' };
export const NOT_LOGGED_IN = { errors: [{ message: 'A logged-in viewer is required', severity: 'CRITICAL', code: 1357001, summary: 'Not Logged In' }], data: null };

type Json = Record<string, unknown>;

export async function handleThreads(ctx: FakeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname;
  if (req.method === 'GET' && path === '/') return home(ctx, res);
  if (req.method === 'POST' && path === '/graphql/query') return graphql(ctx, req, res);
  const short = /^\/t\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  if (req.method === 'GET' && short) return redirectToPost(ctx, res, short[1]!);
  const page = /^\/@([A-Za-z0-9._]{1,30})\/post\/([A-Za-z0-9_-]+)(?:\/media)?\/?$/.exec(path);
  if (req.method === 'GET' && page) return postPage(ctx, req, res, page[1]!, page[2]!);
  ctx.counts.hit('threads-unknown');
  return sendHtml(res, 404, THREADS_NOT_FOUND);
}

function home(ctx: FakeContext, res: ServerResponse): void {
  ctx.counts.hit('threads-home');
  const { lsd, csrf } = ctx.tokens.issue();
  sendHtml(
    res,
    200,
    `<!DOCTYPE html><html lang="en"><head><title>Threads</title><script type="application/json" data-sjs>{"define":[["LSD",[],{"token":"${lsd}"},323]]}</script>${threadsBundleTags(ctx)}</head><body></body></html>`,
    { 'set-cookie': [`csrftoken=${csrf}; Path=/; Max-Age=31449600; SameSite=Lax; Secure`, 'mid=ZthreadsMid; Path=/; Max-Age=63072000; Secure', 'ig_did=FAKE-THREADS; Path=/; HttpOnly'] },
  );
}

/** `/t/{code}` and a page under someone else's `@user`: Threads sends both to the post's own page. */
function redirectToPost(ctx: FakeContext, res: ServerResponse, code: string): void {
  ctx.counts.hit('threads-redirect', code);
  const post = ctx.fixtures.threads.get(code);
  if (!post) return sendHtml(res, 404, THREADS_NOT_FOUND);
  send(res, 301, '', { location: `${ctx.threadsOrigin}/@${String((post.post.user as Json).username)}/post/${code}` });
}

/** Asked like a browser's navigation (a document, navigated to, by a browser's user agent). */
function isNavigation(req: IncomingMessage): boolean {
  return req.headers['sec-fetch-mode'] === 'navigate' && req.headers['sec-fetch-dest'] === 'document' && (req.headers['user-agent'] ?? '').includes('Mozilla/5.0');
}

async function postPage(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, user: string, code: string): Promise<void> {
  const post = ctx.fixtures.threads.get(code);
  if (post && String((post.post.user as Json).username).toLowerCase() !== user.toLowerCase()) return redirectToPost(ctx, res, code);
  ctx.counts.hit('threads-post-page', code);
  ctx.counts.saw('threads-post-page', req.headers);
  const ok = await applyFault(ctx.switches.faultFor('threads-post-page', code), req, res, ctx.webOrigin, {
    notFound: () => sendHtml(res, 404, THREADS_NOT_FOUND),
    private: () => sendHtml(res, 200, pageHtml(ctx, [])),
  });
  if (!ok) return;
  if (ctx.switches.threads.has('gating-shell') || !isNavigation(req)) return sendHtml(res, 200, GATING_SHELL);
  // A private account's post: the page stands, with nothing of the post in it.
  if (!post) return code.length > 28 ? sendHtml(res, 200, pageHtml(ctx, [])) : sendHtml(res, 404, THREADS_NOT_FOUND);
  sendHtml(res, 200, pageHtml(ctx, threadEdges(ctx, code, ok.expired)));
}

/** The post's thread as GraphQL and the page carry it: the post first, then a reply (another code). */
function threadEdges(ctx: FakeContext, code: string, expired: boolean): Json[] {
  const post = ctx.fixtures.threads.get(code)!;
  const reply = ctx.fixtures.threads.get(THREADS_FIXTURE.reply)!;
  const edges = [{ node: { thread_items: [{ post: post.post }, ...(code === THREADS_FIXTURE.photo ? [{ post: reply.post }] : [])] } }];
  return rewriteCdnJson(edges, ctx.cdnOrigin, oeFor(expired));
}

/**
 * The page's `data-sjs` blocks: several name the query (its definition, a reference), one holds the stream cache
 * entry with the result (`adp_BarcelonaPostPageDirectQueryRelayPreloader_…`).
 */
function pageHtml(ctx: FakeContext, edges: Json[]): string {
  const entry = ['adp_BarcelonaPostPageDirectQueryRelayPreloader_6a1f', { __bbox: { complete: true, result: { data: { data: { edges } }, extensions: { is_final: true } }, sequence_number: 0 } }];
  const prefetch = { require: [['ScheduledServerJS', 'handle', null, [{ __bbox: { require: [['RelayPrefetchedStreamCache', 'next', [], entry]] } }]]] };
  const reference = { require: [['BarcelonaPostPageDirectQueryRelayPreloader', 'preload', null, [{ queryName: 'BarcelonaPostPageDirectQuery' }]]] };
  return `<!DOCTYPE html><html lang="en"><head><title>Threads</title>${threadsBundleTags(ctx)}</head><body><div id="barcelona-page-layout"></div><script type="application/json" data-sjs>${scriptJson(reference)}</script><script type="application/json" data-content-len="9000" data-sjs>${scriptJson(prefetch)}</script></body></html>`;
}

async function graphql(ctx: FakeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = new URLSearchParams(await readBody(req));
  let variables: Json = {};
  try {
    variables = JSON.parse(form.get('variables') ?? '{}') as Json;
  } catch {
    ctx.counts.hit('threads-graphql');
    return sendJson(res, 400, { message: 'bad variables', status: 'fail' });
  }
  const code = shortcodeOfPk(String(variables.postID ?? ''));
  ctx.counts.hit('threads-graphql', code);
  ctx.counts.saw('threads-graphql', req.headers);
  if (form.get('doc_id') !== ctx.switches.threadsDocId) {
    return sendJson(res, 200, { errors: [{ message: 'execution error', severity: 'CRITICAL', code: 1675030, summary: 'Query error' }], data: null });
  }
  const headers = req.headers;
  if (headers['x-ig-app-id'] !== THREADS_APP_ID || headers['x-fb-friendly-name'] !== 'BarcelonaPostPageDirectQuery' || !headers['x-root-field-name']) {
    return sendJson(res, 400, { message: 'useragent mismatch', status: 'fail' });
  }
  if (headers['x-logged-out-threads-migrated-request'] !== 'true') return sendJson(res, 200, NOT_LOGGED_IN);
  const lsd = headers['x-fb-lsd'];
  const csrf = headers['x-csrftoken'];
  if (typeof lsd !== 'string' || !ctx.tokens.lsd.has(lsd) || form.get('lsd') !== lsd) return sendJson(res, 400, { message: 'LSD token missing or invalid', status: 'fail' });
  if (typeof csrf !== 'string' || !ctx.tokens.csrf.has(csrf) || cookiesOf(req).csrftoken !== csrf) return sendJson(res, 403, { message: 'CSRF token missing or incorrect', status: 'fail' });
  const empty = () => sendJson(res, 200, { data: { data: { edges: [] } }, extensions: { is_final: true } });
  const fault = ctx.switches.faultFor('threads-graphql', code);
  if (fault === 'temporarily_blocked') return sendJson(res, 400, TEMPORARILY_BLOCKED);
  if (fault === 'require_login') return sendJson(res, 200, NOT_LOGGED_IN);
  const ok = await applyFault(fault, req, res, ctx.webOrigin, { notFound: empty, private: empty });
  if (!ok) return;
  if (!code || !ctx.fixtures.threads.has(code)) return empty();
  sendJson(res, 200, { data: { data: { edges: threadEdges(ctx, code, ok.expired) } }, extensions: { is_final: true } });
}
