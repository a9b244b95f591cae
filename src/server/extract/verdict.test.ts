/** The decision table of docs/instagram.md ("Which failure the visitor sees"), row by row and mixed. */
import { describe, expect, it } from 'vitest';
import { ExtractError, type FailureKind } from './failure.ts';
import { decideFailure, onlySilence } from './verdict.ts';

const f = (kind: FailureKind, retryAfterSeconds?: number) => new ExtractError(kind, `${kind} seen`, retryAfterSeconds ? { retryAfterSeconds } : {});
/** An API 404 or the embed's "unavailable": no proof on its own (yt-dlp #17275). */
const weak404 = () => new ExtractError('not_found', 'media-info 404', { weak: true });
const decide = (...failures: ExtractError[]) => decideFailure(failures);

describe('decideFailure', () => {
  it('nothing failed: nothing to decide', () => {
    expect(decide()).toBeUndefined();
  });

  it.each<[string, ExtractError[], FailureKind]>([
    ['every strategy empty (the pure case) → not found', [f('empty'), f('empty'), f('empty')], 'not_found'],
    ['an empty answer does not hide a login wall', [f('empty'), f('login_required'), f('empty')], 'login_required'],
    ['an empty answer does not hide throttling', [f('empty'), f('rate_limited', 30)], 'rate_limited'],
    ['the post page’s 404 does not outrank a wall seen elsewhere', [f('login_required'), f('not_found'), f('empty')], 'login_required'],
    ['the post page’s 404 does not outrank a throttle', [f('not_found'), f('rate_limited', 30)], 'rate_limited'],
    ['the post page’s 404 with nothing else seen decides', [f('empty'), f('not_found'), f('empty')], 'not_found'],
    ['an API 404 never outranks a wall', [weak404(), f('login_required')], 'login_required'],
    ['an API 404 among empties is silence: deleted unless the ruling said more', [f('empty'), weak404()], 'not_found'],
    ['the ruling’s "Restricted Video" among empties and API 404s', [f('empty'), weak404(), f('age_restricted')], 'age_restricted'],
    ['the post page’s 404 beats the ruling', [f('age_restricted'), f('not_found')], 'not_found'],
    ['private beats a strong not-found', [f('not_found'), f('private')], 'private'],
    ['unsupported beats everything', [f('private'), f('unsupported')], 'unsupported'],
    ['no media beats walls and throttles', [f('rate_limited'), f('no_media'), f('login_required')], 'no_media'],
    ['a wall beats throttling', [f('rate_limited', 120), f('login_required')], 'login_required'],
    ['empty mixed with an unreadable answer is not "not found"', [f('empty'), f('changed'), f('empty')], 'changed'],
    ['empty mixed with an unreachable Instagram', [f('empty'), f('unavailable')], 'unavailable'],
    ['empty mixed with a timeout', [f('empty'), f('timeout')], 'timeout'],
    ['changed beats unavailable and timeout', [f('timeout'), f('unavailable'), f('changed')], 'changed'],
  ])('%s', (_label, failures, kind) => {
    expect(decide(...failures)?.kind).toBe(kind);
  });

  it('tells silence (empties and API 404s only) from a decisive answer', () => {
    expect(onlySilence([f('empty'), weak404()])).toBe(true);
    expect(onlySilence([f('empty'), f('not_found')])).toBe(false);
    expect(onlySilence([f('empty'), f('changed')])).toBe(false);
    expect(onlySilence([])).toBe(false);
  });

  it('reports the longest Retry-After among the throttles', () => {
    const decided = decide(f('rate_limited', 30), f('empty'), f('rate_limited', 300), f('rate_limited'), f('changed'));
    expect(decided).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 300 });
  });

  it('a throttle without Retry-After keeps the default (none set)', () => {
    expect(decide(f('rate_limited'), f('empty'))?.retryAfterSeconds).toBeUndefined();
  });

  it('keeps the visitor message of the failure it picks', () => {
    const wall = new ExtractError('login_required', 'stories: no session', { userMessage: 'Needs a session.' });
    expect(decide(f('empty'), wall)?.userMessage).toBe('Needs a session.');
  });
});
