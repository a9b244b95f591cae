/**
 * What the profile view's viewer shows (issue 37 point 8): items (a story, a highlight item, a post), each one file
 * or, for a carousel post, each of its files in turn; each file inline (a photo, or a video that plays), a poster
 * while it loads, and its own download.
 */
import type { StoryItem, ProfilePost } from '../../../shared/profile-api.ts';

export interface ViewerFile {
  type: 'image' | 'video';
  /** Signed inline link at full quality. */
  url: string;
  poster?: string;
  /** Signed attachment link. */
  downloadUrl: string;
  /** The file's name where known (a post's link names it in its answer). */
  filename?: string;
}

export interface ViewerItem {
  /** What it is, in the page's language ("Photo 2 of 6", "Carousel · CODE"). */
  label: string;
  /** One, or a carousel post's every file in order. */
  files: ViewerFile[];
}

/** Where the viewer is: an item, and the file of it shown. */
export interface ViewerPlace {
  item: number;
  file: number;
}

/** Opens the viewer on `items` at `index`; the focused tile gets the focus back on close. */
export type OpenViewer = (items: ViewerItem[], index: number) => void;

export const storyViewerItem = (item: StoryItem, label: string): ViewerItem => ({
  label,
  files: [{ type: item.type, url: item.mediaUrl, poster: item.previewUrl, downloadUrl: item.downloadUrl, filename: item.filename }],
});

/** A carousel's files from the feed page; a post of one file (or a carousel cached before files were sent) its first. */
export const postViewerItem = (post: ProfilePost, label: string): ViewerItem => ({
  label,
  files: post.files?.length ? post.files : [{ type: post.media.type, url: post.media.url, poster: post.thumbnail, downloadUrl: post.downloadUrl }],
});

/**
 * The place a step leads to: through an item's files before the next item, and back from an item's first file to the
 * last file of the one before (so Previous undoes Next); held at either end (no wrap: a disabled button says the end).
 */
export function stepPlace(at: ViewerPlace, step: -1 | 1, items: ViewerItem[]): ViewerPlace {
  const files = items[at.item]!.files.length;
  if (step === 1) {
    if (at.file < files - 1) return { item: at.item, file: at.file + 1 };
    return at.item < items.length - 1 ? { item: at.item + 1, file: 0 } : at;
  }
  if (at.file > 0) return { item: at.item, file: at.file - 1 };
  return at.item > 0 ? { item: at.item - 1, file: items[at.item - 1]!.files.length - 1 } : at;
}

/** A horizontal swipe's step: at least 50 px and more sideways than up or down; right to left pages turn the other way. */
export function swipeStep(dx: number, dy: number, rtl: boolean): -1 | 0 | 1 {
  if (Math.abs(dx) < 50 || Math.abs(dx) < Math.abs(dy)) return 0;
  return (dx < 0) !== rtl ? 1 : -1;
}
