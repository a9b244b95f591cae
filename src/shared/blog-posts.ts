/**
 * Blog posts: the ten listed (spec §2, in list order) and the five further ones. Dates are ISO: the day of the
 * post's last change in any language (each translation carries it; content-dates.test.ts holds them to git).
 */
export interface BlogPostRef {
  slug: string;
  date: string;
  listed: boolean;
}

export const BLOG_POSTS: readonly BlogPostRef[] = [
  { slug: 'how-to-download-high-quality-instagram-posts', date: '2026-11-25', listed: true },
  { slug: 'how-to-add-music-to-instagram-story', date: '2026-11-21', listed: true },
  { slug: 'instagram-reels-vs-tiktok-which-platform-is-better-for-creators', date: '2026-11-21', listed: true },
  { slug: 'how-to-increase-engagement-on-instagram-in-2024', date: '2026-11-21', listed: true },
  { slug: 'instagram-carousel-posts-tips-for-higher-conversion-rates', date: '2026-11-21', listed: true },
  { slug: 'mastering-instagram-story-features-you-didnt-know-existed', date: '2026-11-21', listed: true },
  { slug: 'instagram-analytics-understanding-the-metrics-that-matter', date: '2026-11-21', listed: true },
  { slug: 'how-to-create-viral-instagram-reels-a-step-by-step-guide', date: '2026-11-21', listed: true },
  { slug: 'instagram-hashtag-strategy-for-2024', date: '2026-11-21', listed: true },
  { slug: 'instagram-content-planning-tools-and-techniques', date: '2026-11-21', listed: true },
  { slug: 'how-to-download-instagram-stories-without-being-detected', date: '2026-11-21', listed: false },
  { slug: 'instagram-algorithm-changes-2024-what-creators-need-to-know', date: '2026-11-21', listed: false },
  { slug: 'instagram-hashtag-strategy-2024-complete-guide', date: '2026-11-21', listed: false },
  { slug: 'how-to-download-instagram-reels-in-hd-quality', date: '2026-11-25', listed: false },
  { slug: 'instagram-profile-picture-downloader-guide', date: '2026-11-25', listed: false },
];

/** The three posts a downloader's visitor needs most: every language has them, a new language starts with them. */
export const ESSENTIAL_POST_SLUGS: readonly string[] = [
  'how-to-download-high-quality-instagram-posts',
  'how-to-download-instagram-reels-in-hd-quality',
  'instagram-profile-picture-downloader-guide',
];

export const BLOG_SLUGS: readonly string[] = /* @__PURE__ */ BLOG_POSTS.map((p) => p.slug);

export function isBlogSlug(value: string): boolean {
  return BLOG_SLUGS.includes(value);
}

/** Title-cased slug: the list's fallback title when a post has no title in the language (spec §2). */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
