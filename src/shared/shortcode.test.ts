import { describe, expect, it } from 'vitest';
import { pkToShortcode, shortcodeToPk } from './shortcode.ts';

// Checked values from PROTOCOL "Shortcode ↔ media pk" and the samples' own id fields.
const CHECKED: [string, string][] = [
  ['B866lKJgReK', '2250368604040140682'],
  ['CAanWEbg_do', '2313334399007192936'],
  ['DFp17y5MymE', '3560614185974049156'],
  ['aye83DjauH', '482584233761418119'],
  ['CAOK1qJgfRM', '2309831326741689420'],
  ['CDmDQNtlRYt', '2370596562231694893'],
  ['Cji5EVwNDcC', '2946168093140072194'],
];

describe('shortcode ↔ pk', () => {
  it.each(CHECKED)('%s ↔ %s', (code, pk) => {
    expect(shortcodeToPk(code)).toBe(pk);
    expect(pkToShortcode(pk)).toBe(code);
    expect(pkToShortcode(BigInt(pk))).toBe(code);
  });

  it('drops the last 28 characters of private shortcodes (longer than 28)', () => {
    const suffix = 'x'.repeat(28);
    expect(shortcodeToPk('B866lKJgReK' + suffix)).toBe('2250368604040140682');
    // exactly 28 characters is a plain shortcode
    const plain28 = 'A'.repeat(27) + 'B';
    expect(shortcodeToPk(plain28)).toBe('1');
  });

  it('keeps precision beyond 2^53', () => {
    expect(BigInt(shortcodeToPk('DFp17y5MymE')) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('refuses what is not a shortcode', () => {
    expect(() => shortcodeToPk('abc!')).toThrow(RangeError);
    expect(() => shortcodeToPk('')).toThrow(RangeError);
    expect(() => pkToShortcode(-1n)).toThrow(RangeError);
  });
});
