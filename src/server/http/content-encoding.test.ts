import { describe, expect, it } from 'vitest';
import { pickEncoding } from './content-encoding.ts';

describe('pickEncoding', () => {
  const both = { br: Buffer.from('b'), gzip: Buffer.from('g') };
  it('prefers brotli, honours q=0 and falls back to none', () => {
    expect(pickEncoding('gzip, deflate, br', both)).toBe('br');
    expect(pickEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(pickEncoding('*', both)).toBe('gzip');
    expect(pickEncoding(undefined, both)).toBeUndefined();
    expect(pickEncoding('br', {})).toBeUndefined();
  });

  it('answers the same for a header seen before, and past the memo of distinct headers', () => {
    expect(pickEncoding(['gzip', 'br'], both)).toBe('br');
    for (let i = 0; i < 600; i++) {
      const header = i % 2 ? `gzip;q=0.${i % 9 + 1}, x-${i}` : `br, x-${i}`;
      expect(pickEncoding(header, both)).toBe(i % 2 ? 'gzip' : 'br');
      expect(pickEncoding(header, both)).toBe(i % 2 ? 'gzip' : 'br');
    }
    expect(pickEncoding('br;q=0, gzip;q=0', both)).toBeUndefined();
    expect(pickEncoding('br;q=0, gzip;q=0', both)).toBeUndefined();
  });
});
