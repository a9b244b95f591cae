/**
 * Our failures as cobalt's answers, the access gate's included (issue 32's contract: `unauthorized`, `forbidden`,
 * `challenge_required`, `rate_limited` from the instance), thrown through the mapper as the gate will throw them.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors/api-error.ts';
import { cobaltErrorOf, toCobaltError } from './errors.ts';

const limit = { max: 30, windowSeconds: 60 };
const KEY = '7b6c8f5e-1234-4abc-9def-0123456789ab';
const code = (error: ApiError, authorization?: string) => toCobaltError(error, { limit, authorization }).body.error;

describe('cobalt error mapping', () => {
  it.each([
    ['invalid_url', 'link.invalid', undefined],
    ['unsupported', 'link.unsupported', { service: 'instagram' }],
    ['share_offsite', 'link.unsupported', { service: 'instagram' }],
    ['not_found', 'content.post.unavailable', undefined],
    ['no_media', 'content.post.unavailable', undefined],
    ['private', 'content.post.private', undefined],
    ['age_restricted', 'content.post.age', undefined],
    ['restricted', 'content.region', undefined],
    ['login_required', 'fetch.empty', undefined],
    ['upstream_changed', 'fetch.fail', { service: 'instagram' }],
    ['upstream_unavailable', 'fetch.fail', { service: 'instagram' }],
    ['bad_request', 'invalid_body', undefined],
    ['internal', 'generic', undefined],
  ] as const)('%s → %s (400)', (ours, theirs, context) => {
    const mapped = toCobaltError(new ApiError(ours, 'x'), { limit });
    expect(mapped.status).toBe(400);
    expect(mapped.body).toEqual({ status: 'error', error: { code: `error.api.${theirs}`, ...(context ? { context } : {}) } });
  });

  it('rate_limited by its source: Instagram throttled us → fetch.rate; this instance → rate_exceeded 429 with its window and headers', () => {
    expect(code(new ApiError('rate_limited', 'x', { source: 'instagram' }))).toEqual({ code: 'error.api.fetch.rate', context: { service: 'instagram' } });
    const ours = toCobaltError(new ApiError('rate_limited', 'x', { source: 'instance', headers: { 'Retry-After': '17' } }), { limit });
    expect(ours.status).toBe(429);
    expect(ours.body.error).toEqual({ code: 'error.api.rate_exceeded', context: { limit: 60 } });
    expect(ours.headers).toEqual({ 'Retry-After': '17', 'RateLimit-Policy': '30;w=60', 'RateLimit-Limit': '30', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '17' });
    // The rate limiter's own counters, when it set them, are the ones sent.
    const sent: Record<string, string> = { 'x-ratelimit-limit': '5', 'x-ratelimit-reset': '42', 'retry-after': '42' };
    const limiter = toCobaltError(new ApiError('rate_limited', 'x', { source: 'instance' }), { limit, sentHeader: (n) => sent[n] });
    expect(limiter.headers).toMatchObject({ 'RateLimit-Limit': '5', 'RateLimit-Reset': '42', 'Retry-After': '42' });
    // A refusal past the route's limiter (the egress queue) resets when it says: its Retry-After, not the route's window.
    const under: Record<string, string> = { 'x-ratelimit-limit': '5', 'x-ratelimit-reset': '45' };
    const queue = toCobaltError(new ApiError('rate_limited', 'x', { source: 'instance', headers: { 'Retry-After': '3' } }), { limit, sentHeader: (n) => under[n] });
    expect(queue.headers).toEqual({ 'Retry-After': '3', 'RateLimit-Policy': '5;w=60', 'RateLimit-Limit': '5', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '3' });
  });

  it('the access gate: challenge_required → rate_exceeded 429; key problems → 400 auth.key.* as cobalt answers them', () => {
    const challenge = toCobaltError(new ApiError('challenge_required', 'Solve the challenge'), { limit });
    expect(challenge.status).toBe(429);
    expect(challenge.body.error).toEqual({ code: 'error.api.rate_exceeded', context: { limit: 60 } });
    const unauthorized = new ApiError('unauthorized', 'Unknown API key');
    expect(toCobaltError(unauthorized, { limit, authorization: `Api-Key ${KEY}` }).status).toBe(400);
    expect(code(unauthorized, `Api-Key ${KEY}`).code).toBe('error.api.auth.key.not_found');
    expect(code(unauthorized, 'Api-Key not-a-uuid').code).toBe('error.api.auth.key.invalid');
    expect(code(unauthorized, `Api-Key  ${KEY}`).code).toBe('error.api.auth.key.invalid');
    expect(code(unauthorized, `Bearer ${KEY}`).code).toBe('error.api.auth.key.not_api_key');
    expect(code(unauthorized, undefined).code).toBe('error.api.auth.key.missing');
    // A bare scheme is a key that is not one (cobalt reads `Api-Key` alone as invalid), not another scheme.
    expect(code(unauthorized, 'Api-Key').code).toBe('error.api.auth.key.invalid');
    expect(code(new ApiError('forbidden', 'This key may not be used from your address.')).code).toBe('error.api.auth.key.ip_not_allowed');
    expect(code(new ApiError('forbidden', 'This key may not be used from this user agent.')).code).toBe('error.api.auth.key.ua_not_allowed');
    expect(toCobaltError(new ApiError('forbidden', 'x'), { limit }).status).toBe(400);
  });

  it('with no anonymous allowance, challenge_required is cobalt’s auth code (400), never a wait that cannot help', () => {
    const challenge = new ApiError('challenge_required', 'Solve the challenge');
    const keyRequired = (authorization?: string) => toCobaltError(challenge, { limit, authorization, keyRequired: true });
    expect(keyRequired().status).toBe(400);
    expect(keyRequired().headers).toEqual({});
    expect(keyRequired().body.error).toEqual({ code: 'error.api.auth.key.missing' });
    expect(keyRequired('Bearer x.y').body.error).toEqual({ code: 'error.api.auth.key.not_api_key' });
  });

  it('Fastify’s own failures: body errors are invalid_body, a wrong type header.content_type, anything else unknown', () => {
    const ctx = { limit };
    expect(cobaltErrorOf(Object.assign(new Error('too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }), ctx)?.body.error.code).toBe('error.api.invalid_body');
    expect(cobaltErrorOf(Object.assign(new Error('type'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }), ctx)?.body.error.code).toBe('error.api.header.content_type');
    expect(cobaltErrorOf(new SyntaxError('Unexpected token'), ctx)?.body.error.code).toBe('error.api.invalid_body');
    expect(cobaltErrorOf(Object.assign(new Error('limit'), { statusCode: 429 }), ctx)?.status).toBe(429);
    expect(cobaltErrorOf(new TypeError('bug'), ctx)).toBeUndefined();
  });
});
