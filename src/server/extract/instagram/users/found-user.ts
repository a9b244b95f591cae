/** What every way of finding a user gives: enough for the profile picture and for the user's stories. */
import type { ProfileAbout } from '../../../../shared/profile-api.ts';
import type { RawRendition } from '../../raw.ts';

export type UserLookupWay = 'web-profile-info' | 'topsearch' | 'profile-page';

export interface FoundUser {
  id: string;
  username: string;
  fullName?: string;
  /** Unknown (undefined) when the way that found the user does not say. */
  isPrivate?: boolean;
  /** The pictures this way shows, any order (renditions.ts ranks them). */
  pictures: RawRendition[];
  /** The small picture, for the author line. */
  avatarUrl?: string;
  /** Bio and counts, where this way states them (web_profile_info does). */
  about?: ProfileAbout;
  via: UserLookupWay;
}

/** A picture's size from its CDN path (`/s320x320/`, `stp=…_s150x150`), else the given default. */
export function pictureSize(url: string, fallback: number): { width: number; height: number } {
  const match = /[/_]s(\d{2,4})x(\d{2,4})(?=[/_&?.]|$)/.exec(url);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : { width: fallback, height: fallback };
}
