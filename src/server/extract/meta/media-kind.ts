/** What a resolution is: from the media's product_type where it tells, else from the link that was pasted. */
import type { ResolutionKind } from '../../../shared/api.ts';
import { canonicalUrl } from '../../../shared/link.ts';

export interface NormalizeContext {
  /** The kind the link says (post for /p/, reel for /reel/, story, highlight…). */
  linkKind: ResolutionKind;
  /** Canonical link; derived from the kind and shortcode when absent. */
  sourceUrl?: string;
  /** Author to use when the media carries none (story items only carry the user's pk). */
  author?: { username: string; fullName?: string; avatarUrl?: string };
}

export function kindOf(productType: string | null | undefined, linkKind: ResolutionKind): ResolutionKind {
  if (linkKind === 'story' || linkKind === 'highlight' || linkKind === 'profile') return linkKind;
  if (productType === 'clips') return 'reel';
  if (productType === 'igtv') return 'igtv';
  if (productType === 'feed' || productType === 'carousel_container') return 'post';
  return linkKind;
}

export function mediaSourceUrl(kind: ResolutionKind, shortcode: string | undefined, given: string | undefined): string {
  if (given) return given;
  if (!shortcode) return 'https://www.instagram.com/';
  const linkKind = kind === 'reel' || kind === 'igtv' ? kind : 'post';
  return canonicalUrl({ kind: linkKind, shortcode });
}
