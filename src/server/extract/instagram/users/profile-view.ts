/**
 * A username → everything a visitor may see of it (issue 30): the user and HD picture, the current stories, the
 * highlight albums and the first page of posts, each section either its content or why it cannot be had
 * (`unavailable`: login_required without a live session, private, rate_limited with retryAfter…). A cold view costs
 * the user lookup (1, or 2 when web_profile_info is throttled), users/info, reels_media, highlights_tray and one
 * feed page; every part is cached (stories for minutes, the rest longer), so a second view costs nothing.
 */
import { linkKey } from '../../../../shared/link.ts';
import type { ErrorCode } from '../../../../shared/api.ts';
import { ExtractError, toApiError } from '../../failure.ts';
import type { RawResolution } from '../../raw.ts';
import type { UpstreamClient } from '../client.ts';
import { fetchUsersInfo, profileResolution } from '../profile.ts';
import { fetchHighlightTray, type RawAlbum } from './highlight-tray.ts';
import { lookUpUser } from './look-up-user.ts';
import { ALBUMS_PER_CALL, fetchAlbumItems, fetchReelItems, type ReelItems } from './reel-items.ts';
import { fetchFeedPage, isFeedCursor, type FeedPost } from './user-feed.ts';
import type { ViewCache } from './view-cache.ts';

export const STORIES_TTL_MS = 3 * 60 * 1000;
export const PROFILE_TTL_MS = 15 * 60 * 1000;

export interface ViewUser {
  id: string;
  username: string;
  fullName?: string;
  private: boolean;
  /** The profile picture as the profile tool gives it (HD with a session). */
  picture: RawResolution;
}

export interface Unavailable {
  unavailable: ErrorCode;
  retryAfter?: number;
}

export interface PostsPage {
  posts: FeedPost[];
  /** Our opaque cursor for the next page, null on the last. */
  next: string | null;
}

export interface RawProfileView {
  user: ViewUser;
  stories: ReelItems | Unavailable;
  highlights: { albums: RawAlbum[] } | Unavailable;
  posts: PostsPage | Unavailable;
}

export const isUnavailable = (section: object): section is Unavailable => 'unavailable' in section;

/** Instagram's cursor, wrapped so that ours stays opaque (and validated on the way back). */
export const encodeCursor = (maxId: string) => Buffer.from(maxId).toString('base64url');
export function decodeCursor(cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined;
  const maxId = Buffer.from(cursor, 'base64url').toString('utf8');
  return isFeedCursor(maxId) ? maxId : undefined;
}

/** How long a resolution may be cached (the resolver's cacheTtlMs: 0 when a CDN link expires within the hour). */
export type ResolutionTtl = (raw: RawResolution) => number;

export class ProfileView {
  constructor(
    private readonly client: UpstreamClient,
    private readonly cache: ViewCache,
    private readonly cacheTtlMs: ResolutionTtl,
  ) {}

  /** `base`, or 0 when one of these resolutions' CDN links expires within the hour. */
  private ttlOf(base: number, resolutions: RawResolution[]): number {
    return resolutions.some((r) => this.cacheTtlMs(r) === 0) ? 0 : base;
  }

  /** The user (its lookup and, with a session, the HD picture); throws ExtractError when it cannot be had. */
  user(username: string, signal: AbortSignal): Promise<ViewUser> {
    return this.cache.get(`${username}:user`, async () => {
      const found = await lookUpUser(this.client, username, signal);
      // The profile tool has often just looked the picture up (HD with a session): its answer serves, no users/info.
      let picture = await this.cache.getResolution(linkKey({ kind: 'profile', username }));
      if (!picture && this.client.hasSession) {
        try {
          picture = profileResolution(found, username, await fetchUsersInfo(this.client, found.id, signal));
        } catch (err) {
          // The HD picture is a bonus: the lookup's own pictures stand in.
          if (!(err instanceof ExtractError)) throw err;
        }
      }
      return {
        id: found.id,
        username: found.username || username,
        ...(found.fullName ? { fullName: found.fullName } : {}),
        private: found.isPrivate === true,
        picture: picture ?? profileResolution(found, username),
      };
    }, (user) => this.ttlOf(PROFILE_TTL_MS, [user.picture]));
  }

  async view(username: string, signal: AbortSignal): Promise<RawProfileView> {
    const user = await this.user(username, signal);
    const [stories, highlights, posts] = await Promise.all([
      this.section(user, () => this.stories(user, signal)),
      this.section(user, async () => ({ albums: await this.albums(user, signal) })),
      this.section(user, () => this.posts(user, undefined, signal)),
    ]);
    return { user, stories, highlights, posts };
  }

  /** A section's content, or why not: no session and a private account are known without asking Instagram. */
  private async section<T>(user: ViewUser, load: () => Promise<T>): Promise<T | Unavailable> {
    if (!this.client.hasSession) return { unavailable: 'login_required' };
    if (user.private) return { unavailable: 'private' };
    try {
      return await load();
    } catch (err) {
      if (!(err instanceof ExtractError)) throw err;
      const code = toApiError(err).code;
      return { unavailable: code, ...(code === 'rate_limited' ? { retryAfter: err.retryAfterSeconds ?? 60 } : {}) };
    }
  }

  private author(user: ViewUser) {
    return { username: user.username, ...(user.fullName ? { fullName: user.fullName } : {}) };
  }

  stories(user: ViewUser, signal: AbortSignal): Promise<ReelItems> {
    return this.cache.get(`${user.username}:stories`, () => fetchReelItems(this.client, user.id, this.author(user), signal), (reel) =>
      this.ttlOf(STORIES_TTL_MS, reel.items),
    );
  }

  albums(user: ViewUser, signal: AbortSignal): Promise<RawAlbum[]> {
    return this.cache.get(`${user.username}:tray`, () => fetchHighlightTray(this.client, user.id, signal), () => PROFILE_TTL_MS);
  }

  /** One album's items; not_found when the user has no such album. */
  async album(user: ViewUser, id: string, signal: AbortSignal): Promise<{ album: RawAlbum; reel: ReelItems }> {
    if (!this.client.hasSession) throw new ExtractError('login_required', 'highlights: no live IG_SESSIONID');
    if (user.private) throw new ExtractError('private', `highlights: ${user.username} is private`);
    const album = (await this.albums(user, signal)).find((a) => a.id === id);
    if (!album) throw new ExtractError('not_found', `highlights: ${user.username} has no album ${id}`);
    const reel = await this.cache.get(`${user.username}:album:${id}`, () => fetchReelItems(this.client, `highlight:${id}`, this.author(user), signal), (r) =>
      this.ttlOf(PROFILE_TTL_MS, r.items),
    );
    return { album, reel };
  }

  /**
   * Every album's items (the profile ZIP), up to ALBUMS_PER_CALL albums a request for those not cached; an album a
   * call could not give is its error.
   */
  async allAlbums(user: ViewUser, albums: RawAlbum[], signal: AbortSignal): Promise<Map<string, ReelItems | ExtractError>> {
    const found = new Map<string, ReelItems | ExtractError>();
    const missing: string[] = [];
    for (const album of albums) {
      const cached = await this.cache.peek<ReelItems>(`${user.username}:album:${album.id}`);
      if (cached) found.set(album.id, cached);
      else missing.push(album.id);
    }
    for (let i = 0; i < missing.length; i += ALBUMS_PER_CALL) {
      const ids = missing.slice(i, i + ALBUMS_PER_CALL);
      try {
        for (const [id, reel] of await fetchAlbumItems(this.client, ids, this.author(user), signal)) {
          found.set(id, reel);
          await this.cache.put(`${user.username}:album:${id}`, reel, this.ttlOf(PROFILE_TTL_MS, reel.items));
        }
      } catch (err) {
        if (!(err instanceof ExtractError)) throw err;
        for (const id of ids) found.set(id, err);
      }
    }
    return found;
  }

  /** A page of posts (the first without a cursor); each post also goes into the resolution cache under its link. */
  async posts(user: ViewUser, maxId: string | undefined, signal: AbortSignal): Promise<PostsPage> {
    if (!this.client.hasSession) throw new ExtractError('login_required', 'posts: no live IG_SESSIONID');
    if (user.private) throw new ExtractError('private', `posts: ${user.username} is private`);
    return this.cache.get(
      `${user.username}:posts:${maxId ?? ''}`,
      async () => {
        const page = await fetchFeedPage(this.client, user.id, maxId, signal);
        await Promise.all(page.posts.map((post) => this.cache.putResolution(linkKey({ kind: 'post', shortcode: post.code }), post.resolution, this.cacheTtlMs(post.resolution))));
        return { posts: page.posts, next: page.nextMaxId ? encodeCursor(page.nextMaxId) : null };
      },
      (page) => this.ttlOf(PROFILE_TTL_MS, page.posts.map((p) => p.resolution)),
    );
  }
}
