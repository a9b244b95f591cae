/**
 * Classified extraction failures (PROTOCOL "Failure signals", docs/instagram.md) and how they leave the API.
 * `empty` is one query's null or empty answer: no answer, not evidence that the post is gone. When every strategy
 * fails, verdict.ts decides which failure the visitor sees.
 */
import type { ErrorSource } from '../../shared/api.ts';
import { ApiError } from '../errors/api-error.ts';

export type FailureKind =
  | 'private'
  | 'not_found'
  /** A query answered, but with nothing in it (null media, no items): see verdict.ts. */
  | 'empty'
  | 'no_media'
  | 'login_required'
  /** Instagram's ruling names the post restricted (age-gated): only a logged-in adult sees it. */
  | 'age_restricted'
  /** Instagram's oEmbed says `geoblock_required`: gated by region, age or audience, for whoever asks from here. */
  | 'restricted'
  | 'rate_limited'
  | 'changed'
  | 'unavailable'
  | 'timeout'
  | 'unsupported'
  /** A share link whose redirect leaves Instagram (never followed). */
  | 'share_offsite';

export class ExtractError extends Error {
  readonly kind: FailureKind;
  readonly retryAfterSeconds?: number;
  /** A message meant for the visitor (e.g. a provider's own, spec §5); the detail stays in `message`. */
  readonly userMessage?: string;
  /** For rate_limited: Instagram throttled us (the default), or this instance's own egress queue refused. */
  readonly source?: ErrorSource;
  /**
   * For not_found: a signal that proves nothing on its own (an API 404, the embed's "unavailable": Instagram says
   * them for refused requests and gated posts too, yt-dlp #17275). Only the post's own page answering 404 decides.
   */
  readonly weak?: true;
  /** For empty: the post's page says it is gated for the logged out (`if_not_gated_logged_out: null`). */
  readonly gated?: true;
  /**
   * For unavailable: Instagram's own sporadic trouble on a post that may well exist (2026's "execution error"
   * 4630001, instaloader #2738): the next strategy is asked, no discovery starts, it never decides not_found.
   */
  readonly sporadic?: true;

  constructor(
    kind: FailureKind,
    message: string,
    options: { retryAfterSeconds?: number; userMessage?: string; source?: ErrorSource; cause?: unknown; weak?: true; gated?: true; sporadic?: true } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.userMessage = options.userMessage;
    this.source = options.source;
    if (options.weak) this.weak = true;
    if (options.gated) this.gated = true;
    if (options.sporadic) this.sporadic = true;
  }
}

/**
 * This instance's own egress budget refused a request (IG_EGRESS_PER_MIN and its kin): it says when to come back and
 * nothing about Instagram, so a discovery pass that meets it stops without concluding "nothing new".
 */
export const isBudgetRefusal = (err: unknown): err is ExtractError => err instanceof ExtractError && err.kind === 'rate_limited' && err.source === 'instance';

/** Anything thrown inside a strategy, as an ExtractError (unknown errors are the upstream's changed shape or our bug). */
export function asExtractError(err: unknown): ExtractError {
  if (err instanceof ExtractError) return err;
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return new ExtractError('timeout', 'the request timed out', { cause: err });
  }
  return new ExtractError('changed', err instanceof Error ? err.message : String(err), { cause: err });
}

const MESSAGES: Record<FailureKind, string> = {
  private: 'Access denied. The content might be from a private account.',
  not_found: 'Content not found or has been deleted. Please check the URL.',
  empty: 'Content not found or has been deleted. Please check the URL.',
  no_media: 'No downloadable content found.',
  login_required: 'Instagram only shows this content to logged-in users right now. Please try again later.',
  age_restricted: 'Instagram shows this post only to logged-in adults, so it cannot be downloaded here.',
  restricted: 'Instagram limits who can see this post (by country, age or audience), so it cannot be downloaded here.',
  rate_limited: 'Rate limit exceeded. Please try again later.',
  changed: 'Instagram answered in a way we could not read. Please try again later.',
  unavailable: 'Instagram is not reachable right now. Please try again later.',
  timeout: 'Instagram took too long to answer. Please try again later.',
  unsupported: 'This kind of Instagram link is not supported.',
  share_offsite: 'This share link does not lead to Instagram, so there is nothing here to download.',
};

/** `service`: 'threads' for a Threads link's failure, so the page words a text-only thread or a profile its own way. */
export function toApiError(failure: ExtractError, service?: 'threads'): ApiError {
  const message = failure.userMessage ?? MESSAGES[failure.kind];
  const common = { cause: failure, ...(service ? { service } : {}) };
  switch (failure.kind) {
    case 'rate_limited':
      return new ApiError('rate_limited', message, {
        headers: { 'Retry-After': String(failure.retryAfterSeconds ?? 60) },
        source: failure.source ?? 'instagram',
        ...common,
      });
    case 'changed':
      return new ApiError('upstream_changed', message, common);
    case 'unavailable':
      return new ApiError('upstream_unavailable', message, common);
    case 'timeout':
      return new ApiError('upstream_unavailable', message, { status: 504, ...common });
    case 'empty':
      return new ApiError('not_found', message, common);
    default:
      return new ApiError(failure.kind, message, common);
  }
}
