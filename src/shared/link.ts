/**
 * Instagram and Threads link parser (PROTOCOL "Links a visitor pastes"), shared by client and server: no Node APIs.
 * Finds the first Instagram or Threads link in pasted text and says what it points at, or why it cannot be served:
 * `invalid_url` (no such link at all) vs `unsupported` (a link of a kind we do not serve).
 */
import { pkToShortcode } from './shortcode.ts';
import type { ToolId } from './tools.ts';

export type ParsedLink =
  | { kind: 'post' | 'reel' | 'igtv'; shortcode: string }
  | { kind: 'share'; shareId: string; path: string }
  | { kind: 'story'; username: string; storyId?: string }
  /** `storyId`: one item of the highlight (`story_media_id` on Instagram's share link). */
  | { kind: 'highlight'; highlightId: string; storyId?: string }
  | { kind: 'profile'; username: string }
  /** A Threads post (`threads.com/@user/post/{code}`, `/t/{code}`, `barcelona://media?shortcode=`): `username` when the link names it. */
  | { kind: 'thread'; shortcode: string; username?: string }
  /** A Threads profile (`threads.com/@user`): parsed so it can be told apart, answered `unsupported` for now. */
  | { kind: 'threads-profile'; username: string };

/** Which service a link belongs to (issue 40): Threads posts and profiles, else Instagram. */
export type Service = 'instagram' | 'threads';

export function serviceOf(link: ParsedLink): Service {
  return link.kind === 'thread' || link.kind === 'threads-profile' ? 'threads' : 'instagram';
}

export type LinkParseResult = { ok: true; link: ParsedLink } | { ok: false; error: 'invalid_url' | 'unsupported' };

export interface ParseLinkOptions {
  /** With 'profile', a bare `username` or `@username` counts as a profile. */
  tool?: ToolId;
}

export const SHORTCODE_RE = /^[A-Za-z0-9_-]{1,48}$/;
export const USERNAME_RE = /^[A-Za-z0-9._]{1,30}$/;
const NUMERIC_ID_RE = /^\d{1,30}$/;
const SHARE_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** Subdomains we read as instagram.com itself, per registrable domain. */
const HOSTS: Record<string, readonly string[]> = {
  'instagram.com': ['', 'www.', 'm.'],
  'ddinstagram.com': ['', 'www.', 'd.', 'g.'],
  'instagr.am': ['', 'www.'],
};

// The link starts at the beginning, after whitespace or an opening bracket/quote, never inside another word or URL.
const LINK_RE =
  /(?<=^|[\s(<[{"'`,;:!|>])(?:https?:\/\/)?((?:[a-z0-9-]+\.)*)(instagram\.com|ddinstagram\.com|instagr\.am)(?=$|[/?#:\s)\]>"'`,;!|])((?::\d+)?[^\s<>"'`()[\]{}|]*)/i;

/** First path segments of Instagram pages that are not usernames. */
const RESERVED = new Set([
  'about', 'accounts', 'api', 'ar', 'archive', 'audio', 'challenge', 'create', 'developer', 'direct', 'directory',
  'emails', 'explore', 'graphql', 'invites', 'legal', 'lite', 'locations', 'music', 'nametag', 'oauth', 'p', 'popular',
  'press', 'privacy', 'reel', 'reels', 's', 'session', 'share', 'static', 'stories', 'terms', 'threads', 'topics', 'tv',
  'web', 'your_activity', '_n', '_u',
]);
/** Profile tabs: `/{username}/{tab}/` is still the profile. */
const PROFILE_TABS = new Set(['posts', 'reels', 'tagged', 'saved', 'guides', 'feed', 'channel', 'igtv', 'followers', 'following']);

const POST_SEGMENT: Record<string, 'post' | 'reel' | 'igtv'> = { p: 'post', reel: 'reel', reels: 'reel', tv: 'igtv' };

const fail = (error: 'invalid_url' | 'unsupported'): LinkParseResult => ({ ok: false, error });
const ok = (link: ParsedLink): LinkParseResult => ({ ok: true, link });

/** The app's own link to a post, `instagram://media?id={pk}` (sometimes `{pk}_{user id}`). */
const APP_LINK_RE = /(?<=^|[\s(<[{"'`,;:!|>])instagram:\/\/media\?(?:[^\s#]*&)?id=(\d{1,25})(?:_\d{1,25})?(?=$|[&#\s)\]>"'`,;!|])/i;

/**
 * Threads' links as the peers' tests have them (yt-dlp PR #13512 and #16406, read 2026-11-27): threads.com and
 * threads.net, `/@user/post/{code}` (also `…/media`), `/t/{code}`, any query; its app's `barcelona://media?shortcode=`.
 */
const THREADS_LINK_RE =
  /(?<=^|[\s(<[{"'`,;:!|>])(?:https?:\/\/)?((?:[a-z0-9-]+\.)*)(threads\.(?:com|net))(?=$|[/?#:\s)\]>"'`,;!|])((?::\d+)?[^\s<>"'`()[\]{}|]*)/i;
const THREADS_APP_LINK_RE = /(?<=^|[\s(<[{"'`,;:!|>])barcelona:\/\/media\?(?:[^\s#]*&)?shortcode=([A-Za-z0-9_-]{1,48})(?=$|[&#\s)\]>"'`,;!|])/i;

function threadsLink(subdomain: string, rest: string): LinkParseResult {
  if (subdomain !== '' && subdomain !== 'www.') return fail('unsupported');
  const path = rest.replace(/^:\d+/, '').replace(/[?#].*$/, '').replace(/[.,;:!?]+$/, '');
  const [first, second, third, fourth] = path.split('/').filter(Boolean);
  if (first?.toLowerCase() === 't' && second && SHORTCODE_RE.test(second) && third === undefined) return ok({ kind: 'thread', shortcode: second });
  const user = first?.startsWith('@') ? first.slice(1) : undefined;
  if (!user || !USERNAME_RE.test(user)) return fail('unsupported');
  const username = user.toLowerCase();
  if (second === undefined) return ok({ kind: 'threads-profile', username });
  const isPost = second.toLowerCase() === 'post' && third !== undefined && SHORTCODE_RE.test(third);
  if (isPost && (fourth === undefined || fourth.toLowerCase() === 'media')) return ok({ kind: 'thread', shortcode: third!, username });
  return fail('unsupported');
}

export function parseLink(input: string, options: ParseLinkOptions = {}): LinkParseResult {
  const text = input.trim();
  const appLink = APP_LINK_RE.exec(text);
  if (appLink) return ok({ kind: 'post', shortcode: pkToShortcode(appLink[1]!) });
  const threadsApp = THREADS_APP_LINK_RE.exec(text);
  if (threadsApp) return ok({ kind: 'thread', shortcode: threadsApp[1]! });
  const match = LINK_RE.exec(text);
  const threads = THREADS_LINK_RE.exec(text);
  // The first link in the text wins, whichever service it is.
  if (threads && (!match || threads.index < match.index)) return threadsLink((threads[1] ?? '').toLowerCase(), threads[3] ?? '');
  if (!match) {
    if (options.tool === 'profile') {
      const bare = /^@?([A-Za-z0-9._]{1,30})$/.exec(text);
      if (bare && /[A-Za-z0-9_]/.test(bare[1]!)) return ok({ kind: 'profile', username: bare[1]!.toLowerCase() });
    }
    return fail('invalid_url');
  }
  const subdomain = (match[1] ?? '').toLowerCase();
  const domain = match[2]!.toLowerCase();
  if (!HOSTS[domain]!.includes(subdomain)) return fail('unsupported');
  const rest = match[3]!.replace(/^:\d+/, '').replace(/[.,;:!?]+$/, '');
  let url: URL;
  try {
    url = new URL(`https://www.instagram.com${rest.startsWith('/') || rest === '' ? rest : `/${rest}`}`);
  } catch {
    return fail('invalid_url');
  }
  const parsed = parsePath(url.pathname.split('/').filter(Boolean));
  return parsed.ok && parsed.link.kind === 'highlight' ? withHighlightItem(parsed.link, url.searchParams.get('story_media_id')) : parsed;
}

/** `?story_media_id={pk}` names one item of a highlight (Instagram's share link to it). */
function withHighlightItem(link: Extract<ParsedLink, { kind: 'highlight' }>, item: string | null): LinkParseResult {
  const storyId = item?.split('_')[0];
  return ok(storyId && NUMERIC_ID_RE.test(storyId) ? { ...link, storyId } : link);
}

function parsePath(segments: string[]): LinkParseResult {
  const [first, second, third, fourth] = segments;
  if (!first) return fail('unsupported');
  const lead = first.toLowerCase();

  const post = POST_SEGMENT[lead];
  // `/reels/audio/{id}` is a sound page, not a reel.
  if (post && second?.toLowerCase() === 'audio') return fail('unsupported');
  if (post) return postLink(post, second);
  if (lead === 'share') return shareLink(segments);
  if (lead === 'stories') return storyLink(second, third, fourth);
  if (lead === 's' && second) return highlightFromBase64(second);
  if (lead === '_u' && second && USERNAME_RE.test(second)) return ok({ kind: 'profile', username: second.toLowerCase() });
  if (RESERVED.has(lead)) return fail('unsupported');

  // `/{username}/p/{code}`, `/{username}/reel/{code}`, `/{username}/tv/{code}`
  const nested = second ? POST_SEGMENT[second.toLowerCase()] : undefined;
  if (nested && third && USERNAME_RE.test(first)) return postLink(nested, third);

  if (!USERNAME_RE.test(first)) return fail('unsupported');
  if (second === undefined || (PROFILE_TABS.has(second.toLowerCase()) && third === undefined)) {
    return ok({ kind: 'profile', username: first.toLowerCase() });
  }
  return fail('unsupported');
}

function postLink(kind: 'post' | 'reel' | 'igtv', code: string | undefined): LinkParseResult {
  if (!code || !SHORTCODE_RE.test(code)) return fail('unsupported');
  return ok({ kind, shortcode: code });
}

function shareLink(segments: string[]): LinkParseResult {
  const [, second, third] = segments;
  if (!second) return fail('unsupported');
  const typed = second.toLowerCase() === 'p' || second.toLowerCase() === 'reel';
  const id = typed ? third : second;
  if (!id || !SHARE_ID_RE.test(id)) return fail('unsupported');
  const path = typed ? `/share/${second.toLowerCase()}/${id}/` : `/share/${id}/`;
  return ok({ kind: 'share', shareId: id, path });
}

function storyLink(user: string | undefined, id: string | undefined, extra: string | undefined): LinkParseResult {
  if (!user) return fail('unsupported');
  if (user.toLowerCase() === 'highlights') {
    return id && NUMERIC_ID_RE.test(id) ? ok({ kind: 'highlight', highlightId: id }) : fail('unsupported');
  }
  if (!USERNAME_RE.test(user)) return fail('unsupported');
  const username = user.toLowerCase();
  if (id === undefined) return ok({ kind: 'story', username });
  if (!NUMERIC_ID_RE.test(id) || (extra !== undefined && extra !== '')) return fail('unsupported');
  return ok({ kind: 'story', username, storyId: id });
}

/** `/s/{base64}` share links of highlights: the base64 decodes to `highlight:{id}`. */
function highlightFromBase64(encoded: string): LinkParseResult {
  let decoded: string;
  try {
    const standard = encoded.replace(/-/g, '+').replace(/_/g, '/');
    decoded = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  } catch {
    return fail('unsupported');
  }
  const id = /^highlight:(\d{1,30})$/.exec(decoded)?.[1];
  return id ? ok({ kind: 'highlight', highlightId: id }) : fail('unsupported');
}

/** The canonical instagram.com link of a parsed link. */
export function canonicalUrl(link: ParsedLink): string {
  const base = 'https://www.instagram.com';
  switch (link.kind) {
    case 'post':
      return `${base}/p/${link.shortcode}/`;
    case 'reel':
      return `${base}/reel/${link.shortcode}/`;
    case 'igtv':
      return `${base}/tv/${link.shortcode}/`;
    case 'share':
      return `${base}${link.path}`;
    case 'story':
      return `${base}/stories/${link.username}/${link.storyId ? `${link.storyId}/` : ''}`;
    case 'highlight':
      return `${base}/stories/highlights/${link.highlightId}/${link.storyId ? `?story_media_id=${link.storyId}` : ''}`;
    case 'profile':
      return `${base}/${link.username}/`;
    case 'thread':
      return threadsUrl(link.shortcode, link.username);
    case 'threads-profile':
      return `${THREADS_BASE}/@${link.username}`;
  }
}

const THREADS_BASE = 'https://www.threads.com';

/** A Threads post's canonical link: its author's page when known, else `/t/{code}` (Threads redirects it there). */
export function threadsUrl(shortcode: string, username?: string): string {
  return username ? `${THREADS_BASE}/@${username}/post/${shortcode}` : `${THREADS_BASE}/t/${shortcode}`;
}

/** A stable key for caching and single-flight: the same target always gives the same key. */
export function linkKey(link: ParsedLink): string {
  switch (link.kind) {
    case 'post':
    case 'reel':
    case 'igtv':
      // /p/, /reel/ and /tv/ of one shortcode are the same media.
      return `media:${link.shortcode}`;
    case 'share':
      return `share:${link.shareId}`;
    case 'story':
      return `story:${link.username}:${link.storyId ?? '*'}`;
    case 'highlight':
      return link.storyId ? `highlight:${link.highlightId}:${link.storyId}` : `highlight:${link.highlightId}`;
    case 'profile':
      return `profile:${link.username}`;
    // Threads and Instagram codes share one id space: the service is in the key.
    case 'thread':
      return `threads:media:${link.shortcode}`;
    case 'threads-profile':
      return `threads:profile:${link.username}`;
  }
}
