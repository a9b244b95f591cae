import { describe, expect, it } from 'vitest';
import { CookieJars } from './cookie-jar.ts';

describe('CookieJars', () => {
  it('keeps the whole jar per identity, merges later answers, and forgets expired cookies', () => {
    const jars = new CookieJars();
    jars.keep('anonymous:direct', ['csrftoken=abc; Path=/; Secure', 'mid=M1; Path=/', 'ig_did=D1; HttpOnly', 'datr=X; Max-Age=63072000']);
    jars.keep('anonymous:direct', 'rur="LDC\\05401"; Path=/');
    jars.keep('anonymous:direct', ['mid=M2; Path=/', 'datr=; Max-Age=0', 'ig_did=gone; expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jars.of('anonymous:direct')).toEqual({ csrftoken: 'abc', mid: 'M2', rur: '"LDC\\05401"' });
    expect(jars.of('session:1234abcd')).toEqual({});
  });

  it('refuses odd names, huge values and more than forty cookies', () => {
    const jars = new CookieJars();
    jars.keep('a', ['bad name=1', `big=${'x'.repeat(5000)}`, '=novalue']);
    expect(jars.of('a')).toEqual({});
    jars.keep('a', Array.from({ length: 60 }, (_, i) => `c${i}=v`));
    expect(Object.keys(jars.of('a'))).toHaveLength(40);
  });
});
