/**
 * The blog list's rules (spec §2): list the posts with a title in the current language; when none has one,
 * list all ten with a notice and title-cased slugs as titles.
 */
import { titleFromSlug } from '../../shared/blog-posts.ts';

export interface BlogListEntry {
  slug: string;
  date: string;
  /** Localised date text. */
  dateText: string;
  title?: string;
  excerpt?: string;
}

export type BlogListItem = BlogListEntry & { title: string };

export function blogListView(entries: BlogListEntry[]): { posts: BlogListItem[]; notice: boolean } {
  const translated = entries.filter((e) => e.title);
  if (translated.length > 0) {
    return { posts: translated.map((e) => ({ ...e, title: e.title! })), notice: false };
  }
  return { posts: entries.map((e) => ({ ...e, title: titleFromSlug(e.slug) })), notice: true };
}
