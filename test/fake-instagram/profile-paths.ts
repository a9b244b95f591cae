/**
 * The profile view's paths as Instagram answers them from July to September 2026 (issue 36), each fact behind a
 * switch (`PROFILE_FACTS`, turned on with `enable2026(...)`); sources read 2026-11-27, docs/instagram.md "The third pass":
 * - the anonymous username feed `GET /api/v1/feed/user/{username}/username/?count=12` → the user (with its 1080 px
 *   picture) and the first posts (instaloader PR #2722, instantgram #49);
 * - the GraphQL posts timeline `PolarisProfilePostsTabContentQuery_connection` → `xdt_api__v1__feed__user_timeline_
 *   graphql_connection {edges[].node, page_info}` (yt-dlp PR #17081 as the issue quotes it);
 * - the GraphQL stories query `PolarisStoriesV3ReelPageGalleryQuery` → `xdt_api__v1__feed__reels_media__connection`;
 * - the profile page's query `PolarisProfilePageContentQuery` (variables `{id, render_surface: "PROFILE"}`, instaloader
 *   `_obtain_metadata`) → `data.user.hd_profile_pic_url_info.url`, the original picture without `stp` (instantgram #49);
 * - and, switched on, the session's feed redirected home or answering 401, and reels_media answering 500.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendMediaJson, sendUseragentMismatch, xhrHeadersOk, type FakeContext } from './context.ts';
import type { ProfileFixture } from './fixtures.ts';
import { applyFault, cookiesOf, send, sendHtml, sendJson } from './respond.ts';
import type { UserFeedFixtures } from './user-fixtures.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const PROFILE_FACTS = [
  /** A live session's `feed/user/{id}/` is redirected to `/` (gallery-dl #9731, 2026-09-04; highlights still answer). */
  'feed-user-home-session',
  /** A live session's `feed/user/{id}/` answers a bare 401 (gallery-dl #9714, #9346; the body is unverified). */
  'feed-user-401-session',
  /** `feed/reels_media/` answers 500, for stories and highlights alike (gallery-dl #9765, 2026-09-22). */
  'reels-media-500',
  /** The anonymous GraphQL timeline answers 403 past its first page (instaloader PR #2722). */
  'timeline-anon-past-first-403',
  /** The anonymous GraphQL timeline answers 401 throughout (instaloader #2739). */
  'timeline-anon-401',
  /** The anonymous username feed answers its first page only, the login wall after (unverified: a test device for "one stops paging"). */
  'username-feed-first-only',
] as const;
export type ProfileFact = (typeof PROFILE_FACTS)[number];

const NOT_FOUND = { message: 'User not found', status: 'fail' };
const PAGE = 12;
const MAX_COUNT = 33;

const hasLiveSession = (ctx: FakeContext, req: IncomingMessage) => {
  const session = cookiesOf(req).sessionid;
  return Boolean(session) && !ctx.switches.expiredSessions.has(session!);
};

/** The picture at 1080 px (the username feed's), and the original (the profile page query's: no `stp` at all). */
export function pictureAt1080(profile: ProfileFixture): { url: string; width: number; height: number } {
  const url = new URL(profile.picUrlHd);
  url.searchParams.set('stp', 'dst-jpg_s1080x1080_tt6');
  return { url: url.href, width: 1080, height: 1080 };
}
export function originalPicture(profile: ProfileFixture): string {
  const url = new URL(profile.picUrlHd);
  url.searchParams.delete('stp');
  return url.href;
}

function feedUser(profile: ProfileFixture): Json {
  return {
    pk: profile.id,
    pk_id: profile.id,
    username: profile.username,
    full_name: profile.fullName,
    is_private: profile.isPrivate,
    profile_pic_url: profile.picUrl,
    hd_profile_pic_url_info: pictureAt1080(profile),
  };
}

/** One page of a feed from `after` (a post id), as REST (`next_max_id`) or GraphQL (`end_cursor`) tells the next. */
function pageOf(all: Json[], after: string | null | undefined, count: number): { items: Json[]; next?: string } | undefined {
  const start = after ? all.findIndex((post) => post.id === after) + 1 : 0;
  if (after && start === 0) return undefined;
  const items = all.slice(start, start + count);
  return { items, ...(start + count < all.length ? { next: items.at(-1)!.id } : {}) };
}

/** Answer a path of this file, or return false. Runs before user-feeds.ts, so the switched facts come first. */
export async function handleProfilePaths(ctx: FakeContext, feeds: UserFeedFixtures, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (req.method !== 'GET') return false;
  const byName = /^\/api\/v1\/feed\/user\/([A-Za-z0-9._]{1,30})\/username\/?$/.exec(url.pathname);
  if (byName) return (await usernameFeed(ctx, feeds, req, res, byName[1]!, url), true);
  const session = hasLiveSession(ctx, req);
  const byId = /^\/api\/v1\/feed\/user\/(\d{1,30})\/?$/.exec(url.pathname);
  if (byId && session && ctx.switches.is2026('feed-user-home-session')) {
    ctx.counts.hit('feed-user', targetOf(ctx, byId[1]!));
    return (send(res, 302, '', { location: `${ctx.webOrigin}/` }), true);
  }
  if (byId && session && ctx.switches.is2026('feed-user-401-session')) {
    ctx.counts.hit('feed-user', targetOf(ctx, byId[1]!));
    return (sendJson(res, 401, { message: '', status: 'fail' }), true);
  }
  if (url.pathname === '/api/v1/feed/reels_media/' && session && ctx.switches.is2026('reels-media-500')) {
    const ids = url.searchParams.getAll('reel_ids');
    ctx.counts.hit('reels-media', ids.length === 1 ? targetOf(ctx, ids[0]!) : ids.join(','));
    return (sendHtml(res, 500, '<!DOCTYPE html><html><body><h1>5xx Server Error</h1></body></html>'), true);
  }
  return false;
}

const targetOf = (ctx: FakeContext, id: string) => [...ctx.fixtures.profiles.values()].find((p) => p.id === id)?.username.toLowerCase() ?? id;

async function usernameFeed(ctx: FakeContext, feeds: UserFeedFixtures, req: IncomingMessage, res: ServerResponse, username: string, url: URL): Promise<void> {
  const key = username.toLowerCase();
  ctx.counts.hit('feed-username', key);
  ctx.counts.saw('feed-username', req.headers);
  if (!xhrHeadersOk(req)) return sendUseragentMismatch(res);
  const ok = await applyFault(ctx.switches.faultFor('feed-username', key), req, res, ctx.webOrigin, {
    notFound: () => sendJson(res, 404, NOT_FOUND),
    private: () => sendJson(res, 200, { items: [], num_results: 0, more_available: false, status: 'ok' }),
  });
  if (!ok) return;
  const profile = ctx.fixtures.profiles.get(key);
  if (!profile) return sendJson(res, 404, NOT_FOUND);
  const after = url.searchParams.get('max_id');
  if (after && !hasLiveSession(ctx, req) && ctx.switches.is2026('username-feed-first-only')) {
    return send(res, 302, '', { location: `${ctx.webOrigin}/accounts/login/?next=${encodeURIComponent(url.pathname)}` });
  }
  // A private account's feed is empty to a non-follower; the user and its picture still come (instantgram #49).
  const all = profile.isPrivate ? [] : (feeds.feeds.get(profile.id) ?? []);
  const page = pageOf(all, after, Math.min(MAX_COUNT, Math.max(1, Number(url.searchParams.get('count')) || PAGE)));
  if (!page) return sendJson(res, 400, { message: 'Invalid max_id', status: 'fail' });
  sendMediaJson(
    ctx,
    res,
    { items: page.items, num_results: page.items.length, more_available: Boolean(page.next), ...(page.next ? { next_max_id: page.next } : {}), user: feedUser(profile), auto_load_more_enabled: true, status: 'ok' },
    ok.expired,
  );
}

export type UserDoc = 'profilePosts' | 'stories' | 'profilePage';

/** Which of this file's queries a doc id is, when it is one Instagram accepts now. */
export function userDocOf(ctx: FakeContext, docId: string | null): UserDoc | undefined {
  const ids = ctx.switches.docIds;
  return docId === ids.profilePosts ? 'profilePosts' : docId === ids.stories ? 'stories' : docId === ids.profilePage ? 'profilePage' : undefined;
}

const ENDPOINT = { profilePosts: 'graphql-profile-posts', stories: 'graphql-stories', profilePage: 'graphql-profile-page' } as const;
const LOGGED_OUT = { data: null, errors: [{ message: 'Please log in: the viewer is logged out', severity: 'CRITICAL', code: 1675002 }], status: 'ok' };

/** A POST to /graphql/query (web.ts reads the form and hands over this file's doc ids). */
export async function handleUserGraphql(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, doc: UserDoc, form: URLSearchParams): Promise<void> {
  let variables: Json;
  try {
    variables = JSON.parse(form.get('variables') ?? '{}') as Json;
  } catch {
    ctx.counts.hit(ENDPOINT[doc]);
    return sendJson(res, 400, { message: 'bad variables', status: 'fail' });
  }
  const profile =
    doc === 'profilePosts'
      ? ctx.fixtures.profiles.get(String(variables.username ?? '').toLowerCase())
      : [...ctx.fixtures.profiles.values()].find((p) => p.id === String(doc === 'stories' ? (variables.reel_ids_arr?.[0] ?? '') : (variables.id ?? '')));
  const target = profile?.username.toLowerCase();
  ctx.counts.hit(ENDPOINT[doc], target);
  ctx.counts.saw(ENDPOINT[doc], req.headers);
  if (!xhrHeadersOk(req)) return sendUseragentMismatch(res);
  const lsd = req.headers['x-fb-lsd'];
  if (typeof lsd !== 'string' || !ctx.tokens.lsd.has(lsd) || form.get('lsd') !== lsd) return sendJson(res, 400, { message: 'LSD token missing or invalid', status: 'fail' });
  const session = hasLiveSession(ctx, req);
  const ok = await applyFault(ctx.switches.faultFor(ENDPOINT[doc], target), req, res, ctx.webOrigin, {
    notFound: () => sendJson(res, 200, { data: { user: null }, status: 'ok' }),
    private: () => sendJson(res, 200, { data: { user: null }, status: 'ok' }),
  });
  if (!ok) return;
  if (doc === 'profilePage') {
    if (!profile) return sendJson(res, 200, { data: { user: null }, extensions: { is_final: true }, status: 'ok' });
    const user = { ...feedUser(profile), id: profile.id, hd_profile_pic_url_info: { url: originalPicture(profile) } };
    return sendMediaJson(ctx, res, { data: { user }, extensions: { is_final: true }, status: 'ok' }, ok.expired);
  }
  if (doc === 'stories') {
    if (!session) return sendJson(res, 200, LOGGED_OUT);
    const reel = profile ? ctx.fixtures.reels.get(profile.id) : undefined;
    const edges = reel && reel.items.length > 0 ? [{ node: { id: reel.id, items: reel.items, user: reel.user, reel_type: 'user_reel', media_count: reel.items.length }, cursor: reel.id }] : [];
    return sendMediaJson(ctx, res, { data: { xdt_api__v1__feed__reels_media__connection: { edges, page_info: { end_cursor: null, has_next_page: false } } }, extensions: { is_final: true }, status: 'ok' }, ok.expired);
  }
  const after = typeof variables.after === 'string' ? variables.after : null;
  // The bodies of these two refusals are not in the reports (unverified): a bare 401 and 403.
  if (!session && ctx.switches.is2026('timeline-anon-401')) return sendJson(res, 401, { message: '', status: 'fail' });
  if (!session && after && ctx.switches.is2026('timeline-anon-past-first-403')) return sendJson(res, 403, { message: '', status: 'fail' });
  if (!profile) return sendJson(res, 200, { data: { xdt_api__v1__feed__user_timeline_graphql_connection: null }, extensions: { is_final: true }, status: 'ok' });
  const all = profile.isPrivate && !session ? [] : (ctx.userFeeds?.feeds.get(profile.id) ?? []);
  const page = pageOf(all, after, Math.min(MAX_COUNT, Math.max(1, Number(variables.first) || PAGE)));
  if (!page) return sendJson(res, 400, { message: 'Invalid cursor', status: 'fail' });
  const connection = {
    edges: page.items.map((node) => ({ node, cursor: node.id })),
    page_info: { end_cursor: page.next ?? null, has_next_page: Boolean(page.next), has_previous_page: Boolean(after), start_cursor: page.items[0]?.id ?? null },
  };
  sendMediaJson(ctx, res, { data: { xdt_api__v1__feed__user_timeline_graphql_connection: connection }, extensions: { is_final: true }, status: 'ok' }, ok.expired);
}
