/**
 * Spec §8's error catalogue: a failed lookup (API code, HTTP status or network failure) and the form it came
 * from → the translation key of the toast. Home, the story page and the other pages word some causes differently.
 */
import type { ErrorCode } from '../../shared/api.ts';
import { formById, type FormId } from '../../shared/tools.ts';
import type { ResolveFailure } from './api-client.ts';

type Family = 'home' | 'story' | 'page';

const NOT_FOUND: Record<Family, string> = { home: 'errors.notFoundHome', story: 'errors.notFoundStory', page: 'errors.notFoundHome' };
const FORBIDDEN: Record<Family, string> = { home: 'errors.forbiddenHome', story: 'errors.forbiddenStory', page: 'errors.forbiddenHome' };
const NO_MEDIA: Record<Family, string> = { home: 'errors.noMediaHome', story: 'errors.noMediaStory', page: 'errors.noMediaPage' };
/** A rate limit says who asks for the wait: Instagram, this site's own limits, or (an answer without it) nobody named. */
const RATE_LIMITED = { instagram: 'errors.rateLimitedInstagram', threads: 'errors.rateLimitedThreads', instance: 'errors.rateLimitedInstance', unknown: 'errors.rateLimited' } as const;

/** The causes the catalogue names, before the per-page wording is chosen. */
export type FailureCause =
  | 'invalid'
  | 'unsupported'
  | 'shareOffsite'
  | 'network'
  | 'rateLimited'
  | 'notFound'
  | 'forbidden'
  | 'loginRequired'
  | 'ageRestricted'
  | 'restricted'
  | 'noMedia'
  | 'upstream'
  | 'failed';

const BY_CODE: Partial<Record<ErrorCode, FailureCause>> = {
  invalid_url: 'invalid',
  unsupported: 'unsupported',
  share_offsite: 'shareOffsite',
  not_found: 'notFound',
  private: 'forbidden',
  login_required: 'loginRequired',
  age_restricted: 'ageRestricted',
  restricted: 'restricted',
  no_media: 'noMedia',
  rate_limited: 'rateLimited',
  challenge_required: 'rateLimited',
  // Instagram answering in a shape we cannot read is the catalogue's "anything else";
  // Instagram not answering at all is the FAQ's "servers temporarily down".
  upstream_unavailable: 'upstream',
};

const BY_STATUS: Record<number, FailureCause> = { 403: 'forbidden', 404: 'notFound', 429: 'rateLimited', 503: 'upstream', 504: 'upstream' };

export function failureCause(failure: ResolveFailure): FailureCause {
  if (failure.kind === 'network') return 'network';
  if (failure.kind === 'malformed') return 'noMedia';
  const byCode = failure.code ? BY_CODE[failure.code] : undefined;
  return byCode ?? BY_STATUS[failure.status] ?? 'failed';
}

/** Worth trying again as is: a rate limit, Instagram not answering, a dropped connection, an unknown failure. */
export function worthRetrying(failure: ResolveFailure): boolean {
  const cause = failureCause(failure);
  return cause === 'rateLimited' || cause === 'upstream' || cause === 'network' || cause === 'failed';
}

const threads = (failure: ResolveFailure) => failure.kind === 'http' && failure.service === 'threads';

export function errorMessageKey(failure: ResolveFailure, formId: FormId): string {
  const form = formById(formId);
  const family = form.errorFamily;
  switch (failureCause(failure)) {
    case 'invalid':
      return form.input === 'username' ? 'errors.invalidProfile' : 'errors.invalidUrl';
    case 'unsupported':
      // The only Threads link the server takes and then refuses is a profile's (the parser refuses the rest).
      return threads(failure) ? 'errors.threadsProfile' : 'errors.unsupported';
    case 'shareOffsite':
      return 'errors.shareOffsite';
    case 'network':
      return 'errors.network';
    case 'rateLimited':
      return RATE_LIMITED[(failure.kind === 'http' && failure.source) || 'unknown'];
    case 'notFound':
      // A form that takes a username (the profile tool, the profile view) looked an account up: none has that name.
      return form.input === 'username' ? 'errors.noSuchAccount' : NOT_FOUND[family];
    case 'forbidden':
      return FORBIDDEN[family];
    case 'loginRequired':
      return 'errors.loginRequired';
    case 'ageRestricted':
      return 'errors.ageRestricted';
    case 'restricted':
      return 'errors.restricted';
    case 'noMedia':
      return threads(failure) ? 'errors.noMediaThread' : NO_MEDIA[family];
    case 'upstream':
      return 'errors.upstream';
    case 'failed':
      return form.messages.failed;
  }
}
