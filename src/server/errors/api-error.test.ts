import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';

describe('ApiError', () => {
  it('takes its status from the DESIGN table, the new codes included', () => {
    expect(new ApiError('age_restricted', 'x').status).toBe(403);
    expect(new ApiError('share_offsite', 'x').status).toBe(400);
    expect(new ApiError('challenge_required', 'x').status).toBe(429);
    expect(new ApiError('unauthorized', 'x').status).toBe(401);
    expect(new ApiError('forbidden', 'x').status).toBe(403);
  });

  it('says who asks a rate-limited client to wait, and says nothing when nobody set it', () => {
    expect(new ApiError('rate_limited', 'wait', { source: 'instance' }).toBody()).toEqual({ error: { code: 'rate_limited', message: 'wait', source: 'instance' } });
    expect(new ApiError('not_found', 'gone').toBody()).toEqual({ error: { code: 'not_found', message: 'gone' } });
  });
});
