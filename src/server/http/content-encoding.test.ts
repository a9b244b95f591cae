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
});
