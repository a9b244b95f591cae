import { describe, expect, it } from 'vitest';
import { readResolveRequest } from '../resolve-request.ts';
import { bodyReader } from './read-body.ts';

/** JSON.parse, counted: how often the reader really parsed. */
function countingParser() {
  const parser = { calls: 0, parse: (text: string): unknown => (parser.calls++, JSON.parse(text)) };
  return parser;
}

const link = 'https://www.instagram.com/p/CODE123/';

describe('the lane body reader', () => {
  it('reads every body as the route does, the first time and again from memory', () => {
    const texts = [
      JSON.stringify({ url: link }),
      JSON.stringify({ url: link, tool: 'reels' }),
      JSON.stringify({ url: link, tool: 'nope' }),
      JSON.stringify({ url: '' }),
      JSON.stringify({ link }),
      JSON.stringify([link]),
      'null',
      '42',
    ];
    const read = bodyReader(JSON.parse);
    for (const text of texts) {
      const expected = readResolveRequest(JSON.parse(text));
      const first = read(text);
      expect(first?.success).toBe(expected.success);
      if (expected.success) expect(first).toEqual(expected);
      expect(read(text)).toBe(first);
    }
  });

  it('answers undefined for a body its parser refuses, every time', () => {
    const parser = countingParser();
    const read = bodyReader(parser.parse);
    for (const text of ['{"url":', 'not json', '{"url":"a"}}']) {
      expect(read(text)).toBeUndefined();
      expect(read(text)).toBeUndefined();
    }
    expect(parser.calls).toBe(3);
  });

  it('parses a repeated body once, and a long one every time', () => {
    const parser = countingParser();
    const read = bodyReader(parser.parse);
    const short = JSON.stringify({ url: link });
    for (let i = 0; i < 5; i++) expect(read(short)?.success).toBe(true);
    expect(parser.calls).toBe(1);
    const long = JSON.stringify({ url: link, padding: 'x'.repeat(2000) });
    for (let i = 0; i < 3; i++) expect(read(long)).toEqual({ success: true, data: { url: link } });
    expect(parser.calls).toBe(4);
  });

  it('forgets when full and reads on as before', () => {
    const parser = countingParser();
    const read = bodyReader(parser.parse, 2);
    const texts = ['a', 'b', 'c'].map((code) => JSON.stringify({ url: `https://www.instagram.com/p/${code}/` }));
    for (const text of texts) read(text);
    expect(read(texts[2]!)).toEqual({ success: true, data: { url: 'https://www.instagram.com/p/c/' } });
    expect(parser.calls).toBe(3);
    expect(read(texts[0]!)?.success).toBe(true);
    expect(parser.calls).toBe(4);
  });
});
