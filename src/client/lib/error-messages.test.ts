import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '../../shared/api.ts';
import { TOOL_IDS, type FormId } from '../../shared/tools.ts';
import type { ResolveFailure } from './api-client.ts';
import { errorMessageKey, failureCause, worthRetrying } from './error-messages.ts';

const en = JSON.parse(readFileSync(new URL('../../../content/locales/en/common.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;
const lookup = (key: string) => {
  const [ns, name] = key.split('.') as [string, string];
  return en[ns]?.[name];
};

const api = (code: ErrorCode): ResolveFailure => ({ kind: 'http', status: ERROR_STATUS[code], code });
const status = (s: number): ResolveFailure => ({ kind: 'http', status: s });
const FORMS: FormId[] = ['home', ...TOOL_IDS];

describe('errorMessageKey (spec §8)', () => {
  it('maps each cause to its catalogue message on the home page', () => {
    expect(errorMessageKey(api('invalid_url'), 'home')).toBe('errors.invalidUrl');
    expect(errorMessageKey({ kind: 'network' }, 'home')).toBe('errors.network');
    expect(errorMessageKey(api('rate_limited'), 'home')).toBe('errors.rateLimited');
    expect(errorMessageKey(api('not_found'), 'home')).toBe('errors.notFoundHome');
    expect(errorMessageKey(api('private'), 'home')).toBe('errors.forbiddenHome');
    expect(errorMessageKey(api('login_required'), 'home')).toBe('errors.loginRequired');
    expect(errorMessageKey(api('no_media'), 'home')).toBe('errors.noMediaHome');
    expect(errorMessageKey(api('unsupported'), 'home')).toBe('errors.unsupported');
    expect(errorMessageKey(api('share_offsite'), 'home')).toBe('errors.shareOffsite');
    expect(errorMessageKey(api('age_restricted'), 'home')).toBe('errors.ageRestricted');
    expect(errorMessageKey(api('restricted'), 'home')).toBe('errors.restricted');
    expect(errorMessageKey(api('challenge_required'), 'home')).toBe('errors.rateLimited');
    expect(errorMessageKey(api('internal'), 'home')).toBe('errors.failedHome');
    expect(lookup(errorMessageKey(api('not_found'), 'home'))).toBe('Content not found or has been deleted. Please check the URL.');
  });

  it('says who asks for a rate limit’s wait: Instagram, Threads, or this site', () => {
    expect(errorMessageKey({ kind: 'http', status: 429, code: 'rate_limited', source: 'instagram' }, 'home')).toBe('errors.rateLimitedInstagram');
    expect(errorMessageKey({ kind: 'http', status: 429, code: 'rate_limited', source: 'instance' }, 'story')).toBe('errors.rateLimitedInstance');
    // Threads throttling us is never said to be Instagram's doing.
    expect(errorMessageKey({ kind: 'http', status: 429, code: 'rate_limited', source: 'threads' }, 'home')).toBe('errors.rateLimitedThreads');
    expect(lookup('errors.rateLimitedThreads')).toBe('Threads is limiting our requests right now.');
    expect(lookup('errors.rateLimitedInstagram')).toMatch(/Instagram/);
    expect(lookup('errors.rateLimitedInstance')).not.toMatch(/Instagram/);
  });

  it('offers Retry only where trying again as is can help', () => {
    for (const retryable of [api('rate_limited'), api('upstream_unavailable'), { kind: 'network' } as const, api('internal')]) expect(worthRetrying(retryable)).toBe(true);
    for (const final of [api('private'), api('not_found'), api('invalid_url'), api('login_required'), api('no_media'), api('age_restricted')]) expect(worthRetrying(final)).toBe(false);
  });

  it('uses the story wording on the story page', () => {
    expect(errorMessageKey(api('not_found'), 'story')).toBe('errors.notFoundStory');
    expect(errorMessageKey(api('private'), 'story')).toBe('errors.forbiddenStory');
    expect(errorMessageKey(api('no_media'), 'story')).toBe('errors.noMediaStory');
    expect(errorMessageKey(api('internal'), 'story')).toBe('errors.failedStory');
    expect(lookup('errors.forbiddenStory')).toBe('Access denied. The story might be from a private account.');
  });

  it("uses the other pages' wording and each page's own failure", () => {
    expect(errorMessageKey(api('no_media'), 'video')).toBe('errors.noMediaPage');
    expect(errorMessageKey(api('not_found'), 'photo')).toBe('errors.notFoundHome');
    const failed = Object.fromEntries(TOOL_IDS.map((tool) => [tool, errorMessageKey(api('internal'), tool)]));
    expect(failed).toEqual({
      video: 'errors.failedVideo',
      photo: 'errors.failedPhoto',
      story: 'errors.failedStory',
      reels: 'errors.failedReels',
      igtv: 'errors.failedIgtv',
      profile: 'errors.failedProfile',
      threads: 'errors.failedThreads',
    });
    expect(lookup(failed.reels!)).toBe('Failed to fetch reel');
    expect(lookup(failed.profile!)).toBe('Failed to fetch profile picture');
  });

  it('words a text-only thread and a Threads profile their own way, on every form', () => {
    const threads = (code: ErrorCode): ResolveFailure => ({ kind: 'http', status: ERROR_STATUS[code], code, service: 'threads' });
    for (const form of FORMS) {
      expect(errorMessageKey(threads('no_media'), form)).toBe('errors.noMediaThread');
      expect(errorMessageKey(threads('unsupported'), form)).toBe('errors.threadsProfile');
      expect(errorMessageKey(threads('not_found'), form)).toBe(errorMessageKey(api('not_found'), form));
    }
    expect(lookup('errors.noMediaThread')).toBe('This thread has no photo or video.');
    expect(lookup('errors.threadsProfile')).toMatch(/^Threads profiles are not supported yet/);
  });

  it('asks the profile page for a username or profile link', () => {
    expect(errorMessageKey(api('invalid_url'), 'profile')).toBe('errors.invalidProfile');
  });

  it('says an unknown username has no account, not that content was deleted (issue 37 point 10)', () => {
    expect(errorMessageKey(api('not_found'), 'profile')).toBe('errors.noSuchAccount');
    expect(errorMessageKey(status(404), 'profile')).toBe('errors.noSuchAccount');
    expect(lookup('errors.noSuchAccount')).toMatch(/no Instagram account/);
    expect(lookup('errors.noSuchAccount')).not.toMatch(/deleted|URL/);
    // A link's lookup keeps its own wording.
    expect(errorMessageKey(api('not_found'), 'home')).toBe('errors.notFoundHome');
  });

  it('falls back to the status when the body carries no code, code first otherwise', () => {
    expect(failureCause(status(429))).toBe('rateLimited');
    expect(failureCause(status(404))).toBe('notFound');
    expect(failureCause(status(403))).toBe('forbidden');
    expect(failureCause(status(500))).toBe('failed');
    expect(failureCause(status(504))).toBe('upstream');
    expect(failureCause(status(502))).toBe('failed');
    expect(failureCause(api('upstream_unavailable'))).toBe('upstream');
    expect(failureCause(api('upstream_changed'))).toBe('failed');
    expect(failureCause(status(410))).toBe('failed');
    // login_required and no_media share 403/404 with other causes: the code decides.
    expect(failureCause(api('login_required'))).toBe('loginRequired');
    expect(failureCause(api('no_media'))).toBe('noMedia');
    expect(failureCause({ kind: 'malformed', status: 200 })).toBe('noMedia');
  });

  it('only ever names keys that exist in the English strings', () => {
    const failures: ResolveFailure[] = [
      { kind: 'network' },
      { kind: 'malformed', status: 200 },
      ...(Object.keys(ERROR_STATUS) as ErrorCode[]).map(api),
      ...(Object.keys(ERROR_STATUS) as ErrorCode[]).map((code): ResolveFailure => ({ kind: 'http', status: ERROR_STATUS[code], code, service: 'threads' })),
      ...[400, 403, 404, 410, 413, 429, 500, 502, 503, 504].map(status),
    ];
    for (const form of FORMS) {
      for (const failure of failures) {
        const key = errorMessageKey(failure, form);
        expect(lookup(key), `${form} ${JSON.stringify(failure)} → ${key}`).toEqual(expect.any(String));
      }
    }
  });
});
