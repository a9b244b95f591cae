/**
 * What the profile view's viewer shows of an item (issue 37 point 8): its file inline (a photo, or a video that
 * plays), a poster while it loads, its label and its own download. Story and highlight items and posts alike.
 */
import type { StoryItem, ProfilePost } from '../../../shared/profile-api.ts';

export interface ViewerItem {
  type: 'image' | 'video';
  /** Signed inline link at full quality. */
  url: string;
  poster?: string;
  /** What it is, in the page's language ("Photo 2 of 6", "Carousel · CODE"). */
  label: string;
  /** Signed attachment link (a post's own ZIP for a carousel). */
  downloadUrl: string;
  /** The file's name where known (a post's link names it in its answer). */
  filename?: string;
}

/** Opens the viewer on `items` at `index`; the focused tile gets the focus back on close. */
export type OpenViewer = (items: ViewerItem[], index: number) => void;

export const storyViewerItem = (item: StoryItem, label: string): ViewerItem => ({
  type: item.type,
  url: item.mediaUrl,
  poster: item.previewUrl,
  label,
  downloadUrl: item.downloadUrl,
  filename: item.filename,
});

export const postViewerItem = (post: ProfilePost, label: string): ViewerItem => ({
  type: post.media.type,
  url: post.media.url,
  poster: post.thumbnail,
  label,
  downloadUrl: post.downloadUrl,
});

/** The index a step leads to: held at either end (no wrap: the end is said by a disabled button). */
export const stepTo = (index: number, step: number, count: number): number => Math.min(count - 1, Math.max(0, index + step));

/** A horizontal swipe's step: at least 50 px and more sideways than up or down; right to left pages turn the other way. */
export function swipeStep(dx: number, dy: number, rtl: boolean): -1 | 0 | 1 {
  if (Math.abs(dx) < 50 || Math.abs(dx) < Math.abs(dy)) return 0;
  return (dx < 0) !== rtl ? 1 : -1;
}
