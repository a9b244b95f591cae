/** GET /api/v1/users/{username} and its pages (issue 30): the contract shared by server and client. No runtime dependencies. */
import type { ErrorCode, MediaItem } from './api.ts';

/** A section that cannot be had, and why: login_required (no live session), private, rate_limited (with retryAfter)… */
export interface UnavailableSection {
  unavailable: ErrorCode;
  /** Seconds, with rate_limited. */
  retryAfter?: number;
}

export interface StoryItem extends MediaItem {
  /** When the story leaves Instagram (ISO 8601). */
  expiresAt?: string;
  /** Instagram's id of the item (digits): what a tick names in `ProfilePicks`. */
  id?: string;
}

export interface HighlightAlbum {
  /** The highlight's digits (no `highlight:` prefix). */
  id: string;
  title: string;
  /** A signed link to the album's cover. */
  cover?: string;
  count: number;
}

export type ProfilePostType = 'image' | 'video' | 'carousel';

export interface ProfilePost {
  code: string;
  type: ProfilePostType;
  /** A signed link to a small picture of the post. */
  thumbnail: string;
  takenAt?: string;
  /** The post's caption as Instagram gives it (whole: the page shortens it). */
  caption?: string;
  /**
   * The post's own download, signed when the page was read (the post's ZIP for a carousel, else its one file): it
   * needs no lookup, so it works as long as the view is shown (until the CDN's links expire).
   */
  downloadUrl: string;
  /** The post's first file inline at full quality (a signed link), for the viewer: a photo shown or a video played. */
  media: { type: 'image' | 'video'; url: string };
  /** A carousel's every file in order (the first is `media`), for the viewer to show and download one by one. */
  files?: PostFile[];
}

/** One file of a carousel post, as the viewer shows and saves it: signed links from the feed page, no lookup. */
export interface PostFile {
  type: 'image' | 'video';
  /** Inline at full quality. */
  url: string;
  /** Inline, small: a video's poster. */
  poster: string;
  /** The attachment. */
  downloadUrl: string;
  filename: string;
}

export interface ProfilePostsPage {
  items: ProfilePost[];
  /** Our opaque cursor: GET …/posts?after={next}; null on the last page. */
  next: string | null;
}

/** The profile's bio and counts where Instagram states them (web_profile_info); each absent when it does not. */
export interface ProfileAbout {
  biography?: string;
  posts?: number;
  followers?: number;
  following?: number;
}

export interface ProfileView {
  user: { username: string; fullName?: string; private: boolean; picture: MediaItem; about?: ProfileAbout };
  stories: { items: StoryItem[] } | UnavailableSection;
  highlights: { albums: HighlightAlbum[] } | UnavailableSection;
  posts: ProfilePostsPage | UnavailableSection;
}

export interface HighlightItems {
  title: string;
  items: StoryItem[];
}

export const PROFILE_SECTIONS = ['stories', 'highlights', 'posts'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** Items ticked on the profile view, for one ZIP of them alone: story item ids, per album its item ids, post codes. */
export interface ProfilePicks {
  stories?: string[];
  highlights?: { album: string; items: string[] }[];
  posts?: string[];
}

/** Ticked items in one ZIP at most (every section together). */
export const MAX_PICKED_ITEMS = 100;

/** POST /api/v1/users/{username}/zip */
export interface ProfileZip {
  zipUrl: string;
}

export const isUnavailableSection = (section: object): section is UnavailableSection => 'unavailable' in section;
