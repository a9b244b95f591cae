/**
 * Shortcode ↔ media pk (PROTOCOL "Shortcode ↔ media pk"): the shortcode is the pk in base 64 over
 * Instagram's alphabet. pks exceed 2^53, so BigInt. Private-post shortcodes (longer than 28 characters)
 * carry 28 extra characters at the end that are not part of the pk.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const PRIVATE_SUFFIX = 28;

export function shortcodeToPk(shortcode: string): string {
  if (!/^[A-Za-z0-9_-]{1,48}$/.test(shortcode)) throw new RangeError(`not a shortcode: ${shortcode}`);
  const code = shortcode.length > PRIVATE_SUFFIX ? shortcode.slice(0, -PRIVATE_SUFFIX) : shortcode;
  let pk = 0n;
  for (const char of code) pk = pk * 64n + BigInt(ALPHABET.indexOf(char));
  return pk.toString();
}

export function pkToShortcode(pk: string | bigint): string {
  let value = typeof pk === 'bigint' ? pk : BigInt(pk);
  if (value < 0n) throw new RangeError('pk must not be negative');
  if (value === 0n) return 'A';
  let code = '';
  while (value > 0n) {
    code = ALPHABET[Number(value % 64n)] + code;
    value /= 64n;
  }
  return code;
}
