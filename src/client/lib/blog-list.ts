/**
 * The blog list's rules (spec §2): list the listed posts with a title in the current language; when fewer than
 * the list's length are, the language's further translated posts fill it (a new language's guides are then found
 * from the list, not only by URL); when none has one, list the listed posts with a notice and title-cased slugs as
 * titles. The list shows the newest first.
 */
import { titleFromSlug } from '../../shared/blog-posts.ts';

export interface BlogListEntry {
  slug: string;
  date: string;
  /** Localised date text. */
  dateText: string;
  /** On the spec's list of ten (the others are further posts). */
  listed: boolean;
  title?: string;
  excerpt?: string;
}

export type BlogListItem = BlogListEntry & { title: string };

export function blogListView(entries: BlogListEntry[]): { posts: BlogListItem[]; notice: boolean } {
  const { posts, notice } = chosen(entries);
  // Newest first (issue 37 point 13); posts of one day keep the spec's order (the sort is stable).
  return { posts: posts.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)), notice };
}

function chosen(entries: BlogListEntry[]): { posts: BlogListItem[]; notice: boolean } {
  const listed = entries.filter((e) => e.listed);
  const translated = listed.filter((e) => e.title);
  if (translated.length > 0) {
    const further = entries.filter((e) => !e.listed && e.title).slice(0, Math.max(0, listed.length - translated.length));
    return { posts: [...translated, ...further].map((e) => ({ ...e, title: e.title! })), notice: false };
  }
  return { posts: listed.map((e) => ({ ...e, title: titleFromSlug(e.slug) })), notice: true };
}
