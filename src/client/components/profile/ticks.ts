/**
 * The items ticked on the profile view, across its sections, as keys (`story:<id>`, `highlight:<album>:<id>`,
 * `post:<code>`), and the pick they make for one ZIP of them alone (POST /api/v1/users/{username}/zip {picked}).
 */
import type { ProfilePicks } from '../../../shared/profile-api.ts';

/** What a tile needs to offer its box: whether it is ticked, the change, and whether the ZIP has room for more. */
export interface Ticking {
  has: (key: string) => boolean;
  set: (key: string, on: boolean) => void;
  full: boolean;
}

export const storyKey = (id: string) => `story:${id}`;
export const highlightKey = (album: string, id: string) => `highlight:${album}:${id}`;
export const postKey = (code: string) => `post:${code}`;

export function picksOf(keys: readonly string[]): ProfilePicks {
  const stories: string[] = [];
  const posts: string[] = [];
  const albums = new Map<string, string[]>();
  for (const key of keys) {
    const [kind, a, b] = key.split(':');
    if (kind === 'story' && a) stories.push(a);
    else if (kind === 'post' && a) posts.push(a);
    else if (kind === 'highlight' && a && b) albums.set(a, [...(albums.get(a) ?? []), b]);
  }
  return {
    ...(stories.length ? { stories } : {}),
    ...(albums.size ? { highlights: [...albums].map(([album, items]) => ({ album, items })) } : {}),
    ...(posts.length ? { posts } : {}),
  };
}
