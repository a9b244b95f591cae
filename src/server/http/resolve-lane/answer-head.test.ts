import { describe, expect, it } from 'vitest';
import { JSON_TYPE } from '../encoded-answer.ts';
import { answerHeads } from './answer-head.ts';

const plain = [
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
] as const;
const withHsts = [...plain, ['strict-transport-security', 'max-age=31536000']] as const;

/** The head as pairs, for reading. */
const pairs = ({ head }: { head: (string | number)[] }) => Array.from({ length: head.length / 2 }, (_, i) => [head[2 * i], head[2 * i + 1]]);

describe('the lane answer head', () => {
  it('lists the headers in the route order, with this answer’s id and length', () => {
    const headFor = answerHeads();
    expect(pairs(headFor(plain, 'br', 'id-1', 812))).toEqual([
      ['x-content-type-options', 'nosniff'],
      ['x-frame-options', 'DENY'],
      ['x-request-id', 'id-1'],
      ['cache-control', 'no-store'],
      ['content-type', JSON_TYPE],
      ['vary', 'Accept-Encoding'],
      ['content-encoding', 'br'],
      ['content-length', 812],
    ]);
    expect(pairs(headFor(withHsts, undefined, 'id-2', 95))).toEqual([
      ...withHsts,
      ['x-request-id', 'id-2'],
      ['cache-control', 'no-store'],
      ['content-type', JSON_TYPE],
      ['vary', 'Accept-Encoding'],
      ['content-length', 95],
    ]);
  });

  it('reuses one list per security list and coding, with the id and length of the latest answer', () => {
    const headFor = answerHeads();
    const first = headFor(plain, 'gzip', 'id-1', 10);
    const second = headFor(plain, 'gzip', 'id-2', 20);
    expect(second).toBe(first);
    expect(pairs(second)).toContainEqual(['x-request-id', 'id-2']);
    expect(pairs(second)).toContainEqual(['content-length', 20]);
    expect(headFor(plain, 'br', 'id-3', 30)).not.toBe(first);
    expect(headFor(withHsts, 'gzip', 'id-4', 40)).not.toBe(first);
    expect(pairs(headFor(plain, 'gzip', 'id-5', 50))).not.toContainEqual(['content-encoding', 'br']);
  });

  it('still answers when callers hand it more security lists than it keeps', () => {
    const headFor = answerHeads();
    for (let i = 0; i < 20; i++) {
      const list = [['x-n', String(i)]] as const;
      expect(pairs(headFor(list, undefined, `id-${i}`, i))).toEqual([
        ['x-n', String(i)],
        ['x-request-id', `id-${i}`],
        ['cache-control', 'no-store'],
        ['content-type', JSON_TYPE],
        ['vary', 'Accept-Encoding'],
        ['content-length', i],
      ]);
    }
  });
});
