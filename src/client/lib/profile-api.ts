/**
 * The profile view's calls (issue 30): GET /api/v1/users/{username}, …/highlights/{id}, …/posts?after=, and
 * POST …/zip. Every outcome classified as the resolve client does (api-client.ts); nothing here throws.
 */
import type { HighlightItems, ProfilePicks, ProfilePostsPage, ProfileSection, ProfileView, ProfileZip, UnavailableSection } from '../../shared/profile-api.ts';
import { errorCodeOf, retryAfterSeconds, type ResolveFailure } from './api-client.ts';
import { lookupFetch } from './challenge/lookup-fetch.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ResolveFailure };

// Lookups like resolve's: they carry the challenge's token, and earn one when the answer asks for it (issue 32).
async function call<T>(path: string, init?: RequestInit, fetchImpl: typeof fetch = lookupFetch): Promise<Outcome<T>> {
  let response: Response;
  try {
    response = await fetchImpl(path, { ...init, headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) } });
  } catch {
    return { ok: false, failure: { kind: 'network' } };
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
    return { ok: false, failure: { kind: 'http', status: response.status, code: errorCodeOf(json), ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }) } };
  }
  if (!json || typeof json !== 'object') return { ok: false, failure: { kind: 'malformed', status: response.status } };
  return { ok: true, value: json as T };
}

const base = (username: string) => `/api/v1/users/${encodeURIComponent(username)}`;

export const fetchProfileView = (username: string, fetchImpl?: typeof fetch) => call<ProfileView>(base(username), undefined, fetchImpl);
export const fetchHighlight = (username: string, id: string) => call<HighlightItems | UnavailableSection>(`${base(username)}/highlights/${encodeURIComponent(id)}`);
export const fetchMorePosts = (username: string, after: string) => call<ProfilePostsPage>(`${base(username)}/posts?after=${encodeURIComponent(after)}`);
/** Whole sections, or (`picked`) the ticked items alone. */
export const requestProfileZip = (username: string, sections: ProfileSection[], picked?: ProfilePicks) =>
  call<ProfileZip>(`${base(username)}/zip`, { method: 'POST', body: JSON.stringify(picked ? { picked } : { sections }) });
