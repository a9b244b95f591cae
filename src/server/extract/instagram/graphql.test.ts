/** How a GraphQL answer reads (issue 29): the 2026 stale document is HTTP 400, and neither throttling nor "logged out" is one. */
import { describe, expect, it } from 'vitest';
import { FEEDBACK_REQUIRED, THROTTLE_200 } from '../../../../test/fake-instagram/respond.ts';
import { LOGGED_OUT, STALE_400 } from '../../../../test/fake-instagram/post-page.ts';
import { readGraphqlAnswer, StaleDocumentError } from './graphql.ts';
import { rulingFailure } from './ruling.ts';

const answer = (status: number, body: unknown) => ({ status, headers: {}, body: JSON.stringify(body) });
const read = (status: number, body: unknown) => () => readGraphqlAnswer(answer(status, body), { what: 'q', docId: '1' });

describe('readGraphqlAnswer', () => {
  it('HTTP 400 "invalid request" / "execution error" is a stale document', () => {
    expect(read(400, STALE_400)).toThrow(StaleDocumentError);
  });

  it('throttling, in a 400 or a 200, is never a stale document', () => {
    expect(read(400, FEEDBACK_REQUIRED)).toThrow(expect.objectContaining({ kind: 'rate_limited' }));
    expect(read(400, { ...STALE_400, message: 'feedback_required' })).toThrow(expect.objectContaining({ kind: 'rate_limited' }));
    expect(read(200, THROTTLE_200)).toThrow(expect.objectContaining({ kind: 'rate_limited' }));
  });

  it('an error saying the viewer is logged out is a login wall, in a 200 or a 400', () => {
    expect(read(200, LOGGED_OUT)).toThrow(expect.objectContaining({ kind: 'login_required' }));
    expect(read(400, { ...LOGGED_OUT, status: 'fail' })).toThrow(expect.objectContaining({ kind: 'login_required' }));
  });

  it('a 400 without errors is still read by its message (a token refusal is not a stale document)', () => {
    expect(read(400, { message: 'useragent mismatch', status: 'fail' })).toThrow(expect.not.objectContaining({ name: 'StaleDocumentError' }));
  });
});

describe('rulingFailure', () => {
  it('names an age-gated post by "Restricted Video", and nothing else', () => {
    expect(rulingFailure({ title: 'Restricted Video', description: 'You must be 18.', status: 'ok' }, 'X')).toMatchObject({ kind: 'age_restricted' });
    expect(rulingFailure({ status: 'ok' }, 'X')).toBeUndefined();
    expect(rulingFailure('not an object', 'X')).toBeUndefined();
    expect(rulingFailure(null, 'X')).toBeUndefined();
  });
});
