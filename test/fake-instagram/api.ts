/**
 * Instagram's REST paths under the web origin, as the web app id reaches them (yt-dlp's 2026 default: the web app id
 * with a browser user agent on www.instagram.com/api/v1): media/{pk}/info, users/{id}/info, feed/reels_media.
 * A session Instagram no longer accepts is sent to the home page `/` (yt-dlp #17278).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendMediaJson, sendUseragentMismatch, shortcodeOfPk, xhrHeadersOk, type FakeContext } from './context.ts';
import { CHECKPOINT_PATH } from './facts-posts.ts';
import { usersInfoAnswer } from './fixtures.ts';
import { applyFault, cookiesOf, send, sendHtml, sendJson } from './respond.ts';
import type { Fault } from './switches.ts';

const NOT_AUTHORIZED = { message: 'Not authorized to view user', status: 'fail' };
const LOGIN_REQUIRED = { message: 'login_required', require_login: true, status: 'fail' };

const hasSession = (req: IncomingMessage) => Boolean(cookiesOf(req).sessionid);
const WALLS: ReadonlySet<Fault> = new Set<Fault>(['login_redirect', 'challenge_redirect', 'home_redirect', 'age_restricted']);
/**
 * get_ruling_for_content of an age-gated post (yt-dlp reads `title`/`description` and looks for "Restricted Video",
 * @ 1f1101d0dc; the description's wording is ours, unverified).
 */
export const RESTRICTED_RULING = { title: 'Restricted Video', description: 'You must be 18 or older to watch this video.', status: 'ok' };

/** A login wall stands before logged-out visitors: a session Instagram accepts goes past it (an expired one does not get here). */
function sessionSeesPast(req: IncomingMessage, fault: Fault | undefined): Fault | undefined {
  return fault !== undefined && WALLS.has(fault) && hasSession(req) ? undefined : fault;
}

/** Answer a REST path, or return false when the path is not one of them. */
export async function handleRest(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const path = url.pathname;
  const media = /^\/api\/v1\/media\/(\d+)\/info\/?$/.exec(path);
  const user = /^\/api\/v1\/users\/(\d+)\/info\/?$/.exec(path);
  const reels = path === '/api/v1/feed/reels_media/';
  if (req.method === 'GET' && path === '/api/v1/web/get_ruling_for_content/') {
    await ruling(ctx, req, res, url.searchParams.get('target_id') ?? '');
    return true;
  }
  if (req.method !== 'GET' || !(media || user || reels)) return false;
  const session = cookiesOf(req).sessionid;
  if (session && ctx.switches.expiredSessions.has(session)) {
    ctx.counts.hit('home-redirect-session');
    send(res, 302, '', { location: `${ctx.webOrigin}/` });
    return true;
  }
  if (session && ctx.switches.is2026('session-checkpoint')) {
    ctx.counts.hit('session-checkpoint');
    send(res, 302, '', { location: `${ctx.webOrigin}${CHECKPOINT_PATH}` });
    return true;
  }
  if (media) await mediaInfo(ctx, req, res, media[1]!);
  else if (user) await usersInfo(ctx, req, res, user[1]!);
  else await reelsMedia(ctx, req, res, url.searchParams.get('reel_ids') ?? '');
  return true;
}

async function mediaInfo(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, pk: string): Promise<void> {
  const shortcode = shortcodeOfPk(pk);
  ctx.counts.hit('media-info', shortcode);
  ctx.counts.saw('media-info', req.headers);
  if (!xhrHeadersOk(req)) return sendUseragentMismatch(res);
  if (ctx.switches.mediaInfoNeedsSession && !hasSession(req)) return sendJson(res, 401, LOGIN_REQUIRED);
  // yt-dlp #17275: a refused request answers 404 for a post that exists.
  if (ctx.switches.is2026('media-info-refused-404')) return sendJson(res, 404, { message: 'Media not found or unavailable', status: 'fail' });
  const fault = sessionSeesPast(req, ctx.switches.faultFor('media-info', shortcode));
  const ok = await applyFault(fault, req, res, ctx.webOrigin, {
    notFound: () =>
      fault === 'null_media'
        ? sendJson(res, 200, { items: [], num_results: 0, status: 'ok' })
        : sendJson(res, 404, { message: 'Media not found or unavailable', status: 'fail' }),
    private: () => sendJson(res, 400, NOT_AUTHORIZED),
  });
  if (!ok) return;
  const post = ctx.postsByPk.get(pk);
  if (!post) return sendJson(res, 404, { message: 'Media not found or unavailable', status: 'fail' });
  sendMediaJson(ctx, res, { items: [post.v1], num_results: 1, more_available: false, auto_load_more_enabled: false, status: 'ok' }, ok.expired);
}

/** The ruling on a post (yt-dlp's and FxEmbed's warm-up): "Restricted Video" for an age-gated one, else just ok. */
async function ruling(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, pk: string): Promise<void> {
  const shortcode = shortcodeOfPk(pk);
  ctx.counts.hit('ruling', shortcode);
  ctx.counts.saw('ruling', req.headers);
  if (!xhrHeadersOk(req)) return sendUseragentMismatch(res);
  const fault = ctx.switches.faultFor('ruling', shortcode);
  if (fault === 'age_restricted') return sendJson(res, 200, RESTRICTED_RULING);
  const ok = await applyFault(fault, req, res, ctx.webOrigin, { notFound: () => sendJson(res, 200, { status: 'ok' }), private: () => sendJson(res, 200, { status: 'ok' }) });
  if (ok) sendJson(res, 200, { status: 'ok' });
}

async function usersInfo(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  const profile = [...ctx.fixtures.profiles.values()].find((p) => p.id === id);
  ctx.counts.hit('users-info', profile?.username ?? id);
  if (!xhrHeadersOk(req)) return sendUseragentMismatch(res);
  if (!hasSession(req)) return sendJson(res, 401, LOGIN_REQUIRED);
  const ok = await applyFault(sessionSeesPast(req, ctx.switches.faultFor('users-info', profile?.username ?? id)), req, res, ctx.webOrigin, {
    notFound: () => sendJson(res, 404, { message: 'User not found', status: 'fail' }),
    private: () => sendJson(res, 400, NOT_AUTHORIZED),
  });
  if (!ok) return;
  if (!profile) return sendJson(res, 404, { message: 'User not found', status: 'fail' });
  sendMediaJson(ctx, res, usersInfoAnswer(ctx.fixtures, profile), ok.expired);
}

async function reelsMedia(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, reelId: string): Promise<void> {
  const highlight = /^highlight:(\d+)$/.exec(reelId)?.[1];
  const owner = highlight ? undefined : [...ctx.fixtures.profiles.values()].find((p) => p.id === reelId);
  const target = highlight ?? owner?.username ?? reelId;
  ctx.counts.hit('reels-media', target);
  if (!xhrHeadersOk(req)) return sendUseragentMismatch(res);
  // Without a session: a redirect to the login page, as Instagram does for the api origin's stories.
  if (!hasSession(req)) return sendHtml(res, 302, '', { location: `${ctx.webOrigin}/accounts/login/` });
  const empty = () => sendJson(res, 200, { reels: {}, reels_media: [], status: 'ok' });
  const ok = await applyFault(sessionSeesPast(req, ctx.switches.faultFor('reels-media', target)), req, res, ctx.webOrigin, {
    notFound: empty,
    private: () => sendJson(res, 400, NOT_AUTHORIZED),
  });
  if (!ok) return;
  const reel = ctx.fixtures.reels.get(reelId);
  if (!reel || reel.items.length === 0) return empty();
  const body = { id: reel.id, items: reel.items, user: reel.user, media_count: reel.items.length, reel_type: highlight ? 'highlight_reel' : 'user_reel' };
  // Both answer forms exist: user reels come as `reels{}`, highlights as `reels_media[]`.
  const answer = highlight ? { reels_media: [body], status: 'ok' } : { reels: { [reel.id]: body }, status: 'ok' };
  sendMediaJson(ctx, res, answer, ok.expired);
}
