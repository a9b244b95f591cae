/**
 * The profile view (extract/instagram/users/profile-view.ts, CDN URLs) → the API's answer: every item as
 * /api/v1/resolve presents it, covers and thumbnails as signed image links, Instagram's cursor kept opaque.
 */
import type { MediaItem } from '../../../shared/api.ts';
import type { HighlightItems, PostFile, ProfilePostsPage, ProfileView, StoryItem } from '../../../shared/profile-api.ts';
import type { RawAlbum } from '../../extract/instagram/users/highlight-tray.ts';
import { isUnavailable, type PostsPage, type RawProfileView } from '../../extract/instagram/users/profile-view.ts';
import type { ReelItems } from '../../extract/instagram/users/reel-items.ts';
import type { RawResolution } from '../../extract/raw.ts';
import { MEDIA_ROUTE, presentResolution } from '../../media/present.ts';
import { signMediaToken, tokenExpiry } from '../../media/token.ts';

/** A signed inline link to one picture (a cover, a thumbnail). */
function pictureLink(secret: string, url: string, name: string): string {
  return MEDIA_ROUTE + signMediaToken(secret, { t: 'm', k: 'image', u: url, f: name, e: tokenExpiry([url]) });
}

const itemsOf = (raw: RawResolution, secret: string): MediaItem[] => presentResolution(raw, { secret }).items;

export function presentReel(reel: ReelItems, secret: string): StoryItem[] {
  return reel.items.flatMap((raw, index) => {
    const expiresAt = reel.expires[index];
    // A reel cached before items kept their ids has none: its items are not tickable until it is read again.
    const id = reel.ids?.[index];
    return itemsOf(raw, secret).map((item) => ({ ...item, ...(expiresAt ? { expiresAt } : {}), ...(id ? { id } : {}) }));
  });
}

export function presentAlbums(albums: RawAlbum[], username: string, secret: string) {
  return albums.map((album) => ({
    id: album.id,
    title: album.title,
    ...(album.coverUrl ? { cover: pictureLink(secret, album.coverUrl, `${username}-highlight-${album.id}.jpg`) } : {}),
    count: album.count,
  }));
}

const postFile = (item: MediaItem): PostFile => ({ type: item.type, url: item.mediaUrl, poster: item.previewUrl, downloadUrl: item.downloadUrl, filename: item.filename });

export function presentPosts(page: PostsPage, secret: string): ProfilePostsPage {
  return {
    items: page.posts.map((post) => {
      const first = post.resolution.items[0]!;
      // Signed from the feed now: the button then asks nobody, however long the view stays open (issue 37).
      const own = presentResolution(post.resolution, { secret });
      return {
        code: post.code,
        type: post.type,
        thumbnail: pictureLink(secret, first.previewUrl, `${post.resolution.author.username}-${post.code}-thumbnail.jpg`),
        ...(post.resolution.takenAt ? { takenAt: post.resolution.takenAt } : {}),
        ...(post.resolution.caption ? { caption: post.resolution.caption } : {}),
        downloadUrl: own.zipUrl ?? own.items[0]!.downloadUrl,
        media: { type: own.items[0]!.type, url: own.items[0]!.mediaUrl },
        // The feed holds a carousel's children (each feed item is a whole v1 media): the viewer shows each one.
        ...(post.type === 'carousel' && own.items.length > 1 ? { files: own.items.map(postFile) } : {}),
      };
    }),
    next: page.next,
  };
}

export function presentProfileView(view: RawProfileView, secret: string): ProfileView {
  const { user } = view;
  return {
    user: {
      username: user.username,
      ...(user.fullName ? { fullName: user.fullName } : {}),
      private: user.private,
      picture: itemsOf(user.picture, secret)[0]!,
      ...(user.about ? { about: user.about } : {}),
    },
    stories: isUnavailable(view.stories) ? view.stories : { items: presentReel(view.stories, secret) },
    highlights: isUnavailable(view.highlights) ? view.highlights : { albums: presentAlbums(view.highlights.albums, user.username, secret) },
    posts: isUnavailable(view.posts) ? view.posts : presentPosts(view.posts, secret),
  };
}

export function presentAlbum(title: string, reel: ReelItems, secret: string): HighlightItems {
  return { title, items: presentReel({ ...reel, expires: [] }, secret) };
}
