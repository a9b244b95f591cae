/**
 * A username → everything a visitor may see of it (issue 30): the user and its largest picture, the current stories,
 * the highlight albums and the first page of posts, each section either its content or why it cannot be had
 * (`unavailable`: login_required, private, rate_limited or upstream_unavailable with retryAfter…). Posts come with a
 * session or without one (issue 36, users/posts-paths.ts); stories and highlights need one. A cold view costs the
 * user lookup (1, or 2 when web_profile_info is throttled), then with a session users/info, reels_media,
 * highlights_tray and one feed page; without one the profile page's query (the original picture) and the username
 * feed (its first page serves the posts too). Every part is cached (stories for minutes, the rest longer).
 */
import { linkKey } from '../../../../shared/link.ts';
import type { ErrorCode } from '../../../../shared/api.ts';
import type { ProfileAbout } from '../../../../shared/profile-api.ts';
import { ExtractError, toApiError } from '../../failure.ts';
import type { RawResolution } from '../../raw.ts';
import type { UpstreamClient } from '../client.ts';
import { fetchUsersInfo, profileResolution } from '../profile.ts';
import { fetchHighlightTray, type RawAlbum } from './highlight-tray.ts';
import { largestPictureLoggedOut } from './largest-picture.ts';
import { lookUpUser } from './look-up-user.ts';
import { fetchPostsPage } from './posts-paths.ts';
import { ALBUMS_PER_CALL, fetchAlbumItems, fetchReelItems, type ReelItems } from './reel-items.ts';
import { fetchStoriesByQuery } from './stories-query.ts';
import { isFeedCursor, type FeedPost } from './user-feed.ts';
import type { UserQueries } from './user-query.ts';
import { fetchUsernameFeed, type UsernameFeedPage } from './username-feed.ts';
import type { ViewCache } from './view-cache.ts';

export const STORIES_TTL_MS = 3 * 60 * 1000;
export const PROFILE_TTL_MS = 15 * 60 * 1000;

export interface ViewUser {
  id: string;
  username: string;
  fullName?: string;
  private: boolean;
  /** Bio and counts where the lookup's way states them. */
  about?: ProfileAbout;
  /** The profile picture as the profile tool gives it (HD with a session, the original or 1080 px without). */
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

/** When to ask again after Instagram failed a part without saying (a 5xx, a broken answer): seconds. */
export const UPSTREAM_RETRY_AFTER = 60;

/** A failure as a section (or an album) says it; rate_limited and upstream_unavailable say when to ask again. */
export function unavailableOf(err: ExtractError): Unavailable {
  const code = toApiError(err).code;
  if (code === 'rate_limited') return { unavailable: code, retryAfter: err.retryAfterSeconds ?? 60 };
  if (code === 'upstream_unavailable') return { unavailable: code, retryAfter: UPSTREAM_RETRY_AFTER };
  return { unavailable: code };
}

/** Stories: failures that the stories query would only repeat. */
const STORIES_FINAL = new Set(['private', 'not_found', 'rate_limited', 'timeout', 'login_required']);

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
    private readonly queries: UserQueries,
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
      if (!picture && !this.client.hasSession) {
        const largest = await largestPictureLoggedOut(this.queries, { id: found.id, username }, (s) => this.usernameFeed(username, undefined, s), signal);
        if (largest) picture = profileResolution({ ...found, pictures: [largest, ...found.pictures] }, username);
      }
      return {
        id: found.id,
        username: found.username || username,
        ...(found.fullName ? { fullName: found.fullName } : {}),
        private: found.isPrivate === true,
        ...(found.about ? { about: found.about } : {}),
        picture: picture ?? profileResolution(found, username),
      };
    }, (user) => this.ttlOf(PROFILE_TTL_MS, [user.picture]));
  }

  async view(username: string, signal: AbortSignal): Promise<RawProfileView> {
    const user = await this.user(username, signal);
    const [stories, highlights, posts] = await Promise.all([
      this.section(user, () => this.stories(user, signal)),
      this.section(user, async () => ({ albums: await this.albums(user, signal) })),
      // Posts have logged-out paths (issue 36): asked without a session too.
      this.section(user, () => this.posts(user, undefined, signal), false),
    ]);
    return { user, stories, highlights, posts };
  }

  /** A section's content, or why not: no session (where one is needed) and a private account are known without asking. */
  private async section<T>(user: ViewUser, load: () => Promise<T>, needsSession = true): Promise<T | Unavailable> {
    if (needsSession && !this.client.hasSession) return { unavailable: 'login_required' };
    if (user.private) return { unavailable: 'private' };
    try {
      return await load();
    } catch (err) {
      if (!(err instanceof ExtractError)) throw err;
      return unavailableOf(err);
    }
  }

  /** The username feed's page, logged out; its first page is kept, as the picture's lookup and the posts both read it. */
  private usernameFeed(username: string, maxId: string | undefined, signal: AbortSignal): Promise<UsernameFeedPage> {
    if (maxId) return fetchUsernameFeed(this.client, username, maxId, signal);
    return this.cache.get(`${username}:username-feed`, () => fetchUsernameFeed(this.client, username, undefined, signal), (page) =>
      this.ttlOf(PROFILE_TTL_MS, page.posts.map((p) => p.resolution)),
    );
  }

  private author(user: ViewUser) {
    return { username: user.username, ...(user.fullName ? { fullName: user.fullName } : {}) };
  }

  /** reels_media, else the GraphQL stories query (reels_media answers 500 since 2026-09-22, gallery-dl #9765). */
  stories(user: ViewUser, signal: AbortSignal): Promise<ReelItems> {
    return this.cache.get(
      `${user.username}:stories`,
      async () => {
        try {
          return await fetchReelItems(this.client, user.id, this.author(user), signal);
        } catch (err) {
          if (!(err instanceof ExtractError) || STORIES_FINAL.has(err.kind)) throw err;
          try {
            return await fetchStoriesByQuery(this.queries, user.id, this.author(user), signal);
          } catch (second) {
            if (!(second instanceof ExtractError) || STORIES_FINAL.has(second.kind)) throw second;
            throw new ExtractError('unavailable', `stories: reels_media (${err.message}) and the stories query (${second.message}) failed`);
          }
        }
      },
      (reel) => this.ttlOf(STORIES_TTL_MS, reel.items),
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

  /**
   * One album's items, or why Instagram gave none right now (a 500 from reels_media, a throttle): the album says so as
   * the view's sections do, and the rest of the view stands. Its absence, privacy or a missing session stay errors.
   */
  async albumOrUnavailable(user: ViewUser, id: string, signal: AbortSignal): Promise<{ album: RawAlbum; reel: ReelItems } | Unavailable> {
    try {
      return await this.album(user, id, signal);
    } catch (err) {
      if (err instanceof ExtractError && (err.kind === 'unavailable' || err.kind === 'rate_limited' || err.kind === 'timeout')) return unavailableOf(err);
      throw err;
    }
  }

  /** A page of posts (the first without a cursor); each post also goes into the resolution cache under its link. */
  async posts(user: ViewUser, maxId: string | undefined, signal: AbortSignal): Promise<PostsPage> {
    if (user.private) throw new ExtractError('private', `posts: ${user.username} is private`);
    return this.cache.get(
      `${user.username}:posts:${maxId ?? ''}`,
      async () => {
        const page = await fetchPostsPage(
          { client: this.client, queries: this.queries, usernameFeed: (after, s) => this.usernameFeed(user.username, after, s) },
          user,
          maxId,
          signal,
        );
        await Promise.all(page.posts.map((post) => this.cache.putResolution(linkKey({ kind: 'post', shortcode: post.code }), post.resolution, this.cacheTtlMs(post.resolution))));
        return { posts: page.posts, next: page.nextMaxId ? encodeCursor(page.nextMaxId) : null };
      },
      (page) => this.ttlOf(PROFILE_TTL_MS, page.posts.map((p) => p.resolution)),
    );
  }
}
