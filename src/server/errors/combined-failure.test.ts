import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { combinedFailure } from './combined-failure.ts';

const wait = (seconds: number, source: 'instance' | 'instagram') => new ApiError('rate_limited', 'wait', { headers: { 'Retry-After': String(seconds) }, source });

describe('combinedFailure', () => {
  it('one cause is that cause', () => {
    const gone = new ApiError('not_found', 'gone');
    expect(combinedFailure([gone, new ApiError('not_found', 'also gone')], 'none')).toBe(gone);
  });

  it("this instance's own limits among the causes: 429 from the instance, with the longest wait asked", () => {
    const answer = combinedFailure([new ApiError('not_found', 'gone'), wait(5, 'instance'), wait(40, 'instagram'), new ApiError('upstream_unavailable', 'down')], 'None.');
    expect([answer.status, answer.code, answer.source, answer.headers?.['Retry-After']]).toEqual([429, 'rate_limited', 'instance', '40']);
  });

  it('other mixes: the most actionable cause, a 502 last', () => {
    expect(combinedFailure([new ApiError('upstream_unavailable', 'down'), new ApiError('not_found', 'gone')], 'none').code).toBe('not_found');
    expect(combinedFailure([new ApiError('not_found', 'gone'), new ApiError('private', 'closed'), new ApiError('invalid_url', 'fix it')], 'none').code).toBe('invalid_url');
    expect(combinedFailure([new ApiError('upstream_changed', 'odd'), wait(30, 'instagram')], 'none').headers?.['Retry-After']).toBe('30');
    expect(combinedFailure([new ApiError('upstream_changed', 'odd'), new ApiError('upstream_unavailable', 'down')], 'none').code).toBe('upstream_unavailable');
  });
});
