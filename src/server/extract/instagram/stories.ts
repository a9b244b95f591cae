/**
 * Stories and highlights (PROTOCOL "Stories and highlights"): they need a logged-in session cookie.
 * User id from the user lookup (users/look-up-user.ts), then feed/reels_media; the answer comes as `reels{}` or
 * `reels_media[]`. A highlight link may name one item (`story_media_id`): then only that one.
 */
import { canonicalUrl, type ParsedLink } from '../../../shared/link.ts';
import { ExtractError } from '../failure.ts';
import type { RawResolution } from '../raw.ts';
import type { UpstreamClient } from './client.ts';
import { dig } from './graphql.ts';
import { normalizeV1 } from '../meta/normalize-v1.ts';
import { lookUpUser, type UserLookupStep } from './users/look-up-user.ts';
import { readJson } from './responses.ts';

export const NO_SESSION_MESSAGE =
  'Stories and highlights can only be fetched with a logged-in Instagram session, and this server has none configured.';

type StoryLink = Extract<ParsedLink, { kind: 'story' | 'highlight' }>;

/** Unvalidated upstream JSON: every field is checked before use. */
interface Reel {
  items?: unknown;
  user?: { username?: unknown; full_name?: unknown; profile_pic_url?: unknown; is_private?: unknown };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** The reel with this id, from either answer form. */
export function pickReel(json: unknown, reelId: string): Reel | undefined {
  const fromMap = dig(json, 'reels', reelId);
  if (fromMap && typeof fromMap === 'object') return fromMap as Reel;
  const list = dig(json, 'reels_media');
  if (Array.isArray(list)) {
    return list.find((reel) => reel && typeof reel === 'object' && String((reel as { id?: unknown }).id) === reelId) as Reel | undefined;
  }
  return undefined;
}

function itemMatches(item: unknown, storyId: string): boolean {
  const pk = String(dig(item, 'pk') ?? '');
  const id = String(dig(item, 'id') ?? '');
  return pk === storyId || id === storyId || id.startsWith(`${storyId}_`);
}

export async function resolveStories(client: UpstreamClient, link: StoryLink, signal: AbortSignal, onUserStep?: UserLookupStep): Promise<RawResolution> {
  if (!client.hasSession) throw new ExtractError('login_required', 'stories: no IG_SESSIONID', { userMessage: NO_SESSION_MESSAGE });
  let reelId: string;
  let fallbackAuthor: { username: string; fullName?: string; avatarUrl?: string } | undefined;
  if (link.kind === 'story') {
    const user = await lookUpUser(client, link.username, signal, onUserStep);
    if (user.isPrivate) throw new ExtractError('private', `stories: ${link.username} is private`);
    reelId = user.id;
    fallbackAuthor = {
      username: user.username || link.username,
      ...(user.fullName ? { fullName: user.fullName } : {}),
      ...(user.avatarUrl ? { avatarUrl: user.avatarUrl } : {}),
    };
  } else {
    reelId = `highlight:${link.highlightId}`;
  }
  const res = await client.send({ origin: 'web', path: `/api/v1/feed/reels_media/?reel_ids=${encodeURIComponent(reelId)}`, session: true, signal });
  const json = readJson(res, 'reels-media');
  if (!('reels' in json) && !('reels_media' in json)) throw new ExtractError('changed', 'reels-media: neither reels nor reels_media');
  const reel = pickReel(json, reelId);
  const all = Array.isArray(reel?.items) ? reel.items : [];
  if (all.length === 0) throw new ExtractError('not_found', `reels-media: no current items for ${reelId}`);
  const storyId = link.storyId;
  const chosen = storyId ? all.filter((item) => itemMatches(item, storyId)) : all;
  if (chosen.length === 0) throw new ExtractError('not_found', `reels-media: story ${storyId} is gone`);
  if (reel?.user?.is_private === true) throw new ExtractError('private', `reels-media: ${reelId} is private`);

  const username = text(reel?.user?.username);
  const fullName = text(reel?.user?.full_name);
  const avatarUrl = text(reel?.user?.profile_pic_url);
  const reelUser = username
    ? { username, ...(fullName ? { fullName } : {}), ...(avatarUrl ? { avatarUrl } : {}) }
    : fallbackAuthor;
  if (!reelUser) throw new ExtractError('changed', 'reels-media: reel without user');
  const sourceUrl = canonicalUrl(link);
  const parts = chosen.map((item) => normalizeV1(item, { linkKind: link.kind, author: reelUser, sourceUrl }));
  return {
    kind: link.kind,
    sourceUrl,
    author: reelUser,
    ...(parts[0]?.takenAt ? { takenAt: parts[0].takenAt } : {}),
    // Each item keeps its own time: its file is named by it, as the profile view names it (media/present.ts).
    items: parts.flatMap((part) => part.items.map((item) => (part.takenAt ? { ...item, takenAt: part.takenAt } : item))),
  };
}
