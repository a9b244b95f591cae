/**
 * A user's highlight tray and post feed on the fake web origin (issue 30), with a session only, as Instagram serves
 * them in 2026 (gallery-dl 1.32.9 reads both; logged out the feed redirects to `/`, gallery-dl #9731):
 * `GET /api/v1/highlights/{id}/highlights_tray/` → `tray[]`, `GET /api/v1/feed/user/{id}/?count=&max_id=` →
 * `{items, more_available, next_max_id}`. A private account answers "Not authorized to view user".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendMediaJson, sendUseragentMismatch, xhrHeadersOk, type FakeContext } from './context.ts';
import { applyFault, cookiesOf, send, sendJson } from './respond.ts';
import type { UserFeedFixtures } from './user-fixtures.ts';

const NOT_AUTHORIZED = { message: 'Not authorized to view user', status: 'fail' };
const MAX_COUNT = 33;

/** Answer a tray or feed path, or return false when the path is neither. */
export async function handleUserFeeds(ctx: FakeContext, feeds: UserFeedFixtures, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (req.method === 'GET' && url.pathname === '/api/v1/feed/reels_media/' && url.searchParams.getAll('reel_ids').length > 1) {
    await severalReels(ctx, req, res, url.searchParams.getAll('reel_ids'));
    return true;
  }
  const tray = /^\/api\/v1\/highlights\/(\d{1,30})\/highlights_tray\/?$/.exec(url.pathname);
  const feed = /^\/api\/v1\/feed\/user\/(\d{1,30})\/?$/.exec(url.pathname);
  if (req.method !== 'GET' || !(tray || feed)) return false;
  const userId = (tray ?? feed)![1]!;
  const profile = [...ctx.fixtures.profiles.values()].find((p) => p.id === userId);
  const endpoint = tray ? 'highlights-tray' : 'feed-user';
  const target = profile?.username.toLowerCase() ?? userId;
  ctx.counts.hit(endpoint, target);
  ctx.counts.saw(endpoint, req.headers);
  const session = cookiesOf(req).sessionid;
  if (session && ctx.switches.expiredSessions.has(session)) {
    ctx.counts.hit('home-redirect-session');
    send(res, 302, '', { location: `${ctx.webOrigin}/` });
    return true;
  }
  if (!xhrHeadersOk(req)) return (sendUseragentMismatch(res), true);
  // Logged out, both are walled: the visitor is sent to the home page.
  if (!session) return (send(res, 302, '', { location: `${ctx.webOrigin}/` }), true);
  const ok = await applyFault(ctx.switches.faultFor(endpoint, target), req, res, ctx.webOrigin, {
    notFound: () => sendJson(res, 404, { message: 'User not found', status: 'fail' }),
    private: () => sendJson(res, 400, NOT_AUTHORIZED),
  });
  if (!ok) return true;
  if (!profile) return (sendJson(res, 404, { message: 'User not found', status: 'fail' }), true);
  if (profile.isPrivate) return (sendJson(res, 400, NOT_AUTHORIZED), true);
  if (tray) {
    sendMediaJson(ctx, res, { tray: feeds.trays.get(userId) ?? [], show_empty_state: false, status: 'ok' }, ok.expired);
    return true;
  }
  const all = feeds.feeds.get(userId) ?? [];
  const count = Math.min(MAX_COUNT, Math.max(1, Number(url.searchParams.get('count')) || 12));
  const after = url.searchParams.get('max_id');
  const start = after ? all.findIndex((post) => post.id === after) + 1 : 0;
  if (after && start === 0) return (sendJson(res, 400, { message: 'Invalid max_id', status: 'fail' }), true);
  const items = all.slice(start, start + count);
  const more = start + count < all.length;
  sendMediaJson(
    ctx,
    res,
    { items, num_results: items.length, more_available: more, ...(more ? { next_max_id: items.at(-1)!.id } : {}), auto_load_more_enabled: true, status: 'ok' },
    ok.expired,
  );
  return true;
}

/**
 * reels_media with several `reel_ids` (gallery-dl asks up to 5 highlight albums a call): one `reels_media[]` entry per
 * album found, as Instagram answers a list. One reel id alone is the fake's own reels_media (api.ts).
 */
async function severalReels(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, ids: string[]): Promise<void> {
  ctx.counts.hit('reels-media', ids.join(','));
  const session = cookiesOf(req).sessionid;
  if (session && ctx.switches.expiredSessions.has(session)) {
    ctx.counts.hit('home-redirect-session');
    return send(res, 302, '', { location: `${ctx.webOrigin}/` });
  }
  if (!xhrHeadersOk(req)) return sendUseragentMismatch(res);
  if (!session) return send(res, 302, '', { location: `${ctx.webOrigin}/accounts/login/` });
  const ok = await applyFault(ctx.switches.faultFor('reels-media', undefined), req, res, ctx.webOrigin, {
    notFound: () => sendJson(res, 200, { reels: {}, reels_media: [], status: 'ok' }),
    private: () => sendJson(res, 400, NOT_AUTHORIZED),
  });
  if (!ok) return;
  const reels = ids.flatMap((id) => {
    const reel = ctx.fixtures.reels.get(id);
    return reel && reel.items.length > 0 ? [{ id: reel.id, items: reel.items, user: reel.user, media_count: reel.items.length, reel_type: 'highlight_reel' }] : [];
  });
  sendMediaJson(ctx, res, { reels_media: reels, status: 'ok' }, ok.expired);
}
