/**
 * What Threads' answers mean (cobalt PR #1558, FixThreads; read 2026-11-27): 404 and 410 say the post is gone,
 * 403 and 429 are throttling; in a JSON answer, `errors[0].summary` "Not Logged In" is a wall, "Not Found" a weak
 * not-found, a message with "limit exceeded" or `api_error_code` 368 ("temporarily blocked") throttling. An `errors`
 * answer saying none of these, without data, is a doc id Threads no longer knows.
 */
import { ExtractError } from '../failure.ts';
import type { ThreadsResponse } from './client.ts';

export function retryAfterOf(res: ThreadsResponse): number | undefined {
  const value = Number([res.headers['retry-after']].flat()[0]);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** A failure the HTTP status alone tells; `decisive`: the post's own page said 404 (only that proves it gone). */
export function statusFailure(res: ThreadsResponse, where: string, decisive: boolean): ExtractError | undefined {
  if (res.status === 404 || res.status === 410) return new ExtractError('not_found', `${where}: HTTP ${res.status}`, decisive ? {} : { weak: true });
  if (res.status === 403 || res.status === 429) {
    const retryAfterSeconds = retryAfterOf(res);
    return new ExtractError('rate_limited', `${where}: HTTP ${res.status}`, { ...(retryAfterSeconds ? { retryAfterSeconds } : {}), source: 'threads' });
  }
  if (res.status >= 500) return new ExtractError('unavailable', `${where}: HTTP ${res.status}`);
  return undefined;
}

interface ThreadsJson {
  data?: unknown;
  errors?: { summary?: string; message?: string }[];
  api_error_code?: number;
  message?: string;
}

/** The failure a JSON answer states, 'stale' for a refused doc id, or undefined when it carries data. */
export function jsonFailure(json: ThreadsJson, where: string): ExtractError | 'stale' | undefined {
  const error = json.errors?.[0];
  const text = `${error?.summary ?? ''} ${error?.message ?? ''} ${json.message ?? ''}`;
  if (json.api_error_code === 368) return new ExtractError('rate_limited', `${where}: api_error_code 368 (temporarily blocked)`, { source: 'threads' });
  if (/limit exceeded/i.test(text)) return new ExtractError('rate_limited', `${where}: ${text.trim()}`, { source: 'threads' });
  if (error?.summary === 'Not Logged In') return new ExtractError('login_required', `${where}: Not Logged In`);
  if (error?.summary === 'Not Found') return new ExtractError('not_found', `${where}: Not Found`, { weak: true });
  if (error && !json.data) return 'stale';
  return undefined;
}

/** Every `post` under a `thread_items` array anywhere in a value (the page's stream cache, GraphQL's edges). */
export function threadPosts(value: unknown, out: Record<string, unknown>[] = [], depth = 0): Record<string, unknown>[] {
  if (depth > 40 || !value || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    for (const v of value) threadPosts(v, out, depth + 1);
    return out;
  }
  const node = value as Record<string, unknown>;
  if (Array.isArray(node.thread_items)) {
    for (const item of node.thread_items) {
      const post = (item as { post?: unknown })?.post;
      if (post && typeof post === 'object') out.push(post as Record<string, unknown>);
    }
  }
  for (const child of Object.values(node)) if (child && typeof child === 'object') threadPosts(child, out, depth + 1);
  return out;
}

/** The post with this code (a thread's page and answer hold its replies and parents too). */
export function postWithCode(value: unknown, code: string): Record<string, unknown> | undefined {
  return threadPosts(value).find((post) => post.code === code);
}
