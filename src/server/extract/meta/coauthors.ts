/**
 * A collab post's co-authors: `coauthor_producers`, user objects beside the owner, in both media shapes (the v1
 * answers and the GraphQL nodes; our captured samples carry the field, empty). The owner stays the post's author
 * (gallery-dl #3376 on which account owns a collab post); instagrapi reads the same list as `Media.coauthor_producers`
 * (#629, PR #2673, 2026-06-18; read 2026-11-27). Anything unreadable is left out, never a failure.
 */
const MAX_COAUTHORS = 10;
const USERNAME = /^[A-Za-z0-9._]{1,30}$/;

export interface Coauthor {
  username: string;
}

/** The co-authors of a media answer (its raw `coauthor_producers`), the owner and repeats left out; undefined when none. */
export function coauthorsOf(media: unknown, owner: string): Coauthor[] | undefined {
  const list = media && typeof media === 'object' ? (media as { coauthor_producers?: unknown }).coauthor_producers : undefined;
  if (!Array.isArray(list)) return undefined;
  const seen = new Set([owner.toLowerCase()]);
  const out: Coauthor[] = [];
  for (const entry of list) {
    const username = entry && typeof entry === 'object' ? (entry as { username?: unknown }).username : undefined;
    if (typeof username !== 'string' || !USERNAME.test(username) || seen.has(username.toLowerCase())) continue;
    seen.add(username.toLowerCase());
    out.push({ username });
    if (out.length >= MAX_COAUTHORS) break;
  }
  return out.length > 0 ? out : undefined;
}
