/**
 * What tells one recent lookup from another when the author is the same (issue 33: "@manchester…" twice): its
 * kind (post, reel, story…) and the post's code, read from the link the visitor gave.
 */
import type { ResolutionKind } from '../../shared/api.ts';
import { parseLink } from '../../shared/link.ts';

export interface RecentLabel {
  /** The kind the lookup answered, else the one the link names; null for a share link never looked up again. */
  kind: ResolutionKind | null;
  /** The post's code, a story's or a highlight's id; null for a profile or a user's stories. */
  code: string | null;
}

export function recentLabel(link: string, kind?: ResolutionKind): RecentLabel {
  const parsed = parseLink(link);
  if (!parsed.ok) return { kind: kind ?? null, code: null };
  const found = parsed.link;
  switch (found.kind) {
    case 'post':
    case 'reel':
    case 'igtv':
      return { kind: kind ?? found.kind, code: found.shortcode };
    case 'story':
      return { kind: kind ?? 'story', code: found.storyId ?? null };
    case 'highlight':
      return { kind: kind ?? 'highlight', code: found.highlightId };
    case 'profile':
      return { kind: kind ?? 'profile', code: null };
    case 'share':
      return { kind: kind ?? null, code: null };
    case 'thread':
      return { kind: kind ?? 'post', code: found.shortcode };
    case 'threads-profile':
      return { kind: kind ?? 'profile', code: null };
  }
}
