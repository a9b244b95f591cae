/** The key file: cobalt's format loads as it is, and a file with a mistake is refused whole without naming a key. */
import { describe, expect, it } from 'vitest';
import { KeyFileError, parseKeyFile } from './api-keys.ts';
import { matchKey } from './key-match.ts';

const A = 'b5c7160a-b655-4c7a-b500-de839f094550';
const B = '0b3f1a22-5e1d-4c3a-9f2e-1d2c3b4a5f60';

describe('the key file', () => {
  it('reads cobalt’s example (allowedServices accepted), names unnamed keys by their start, and hashes the identity', () => {
    const keys = parseKeyFile(
      JSON.stringify({
        [A.toUpperCase()]: { limit: 10, ips: ['10.0.0.0/8', '192.168.42.42'], userAgents: ['*Chrome*'] },
        [B]: { name: 'partner', limit: 'unlimited', ips: ['2001:db8::/32'], allowedServices: 'all' },
      }),
    );
    expect([...keys.keys()]).toEqual([A, B]);
    expect(keys.get(A)).toMatchObject({ name: 'unnamed-b5c7160a', limit: 10 });
    expect(keys.get(B)).toMatchObject({ name: 'partner', limit: 'unlimited' });
    expect(keys.get(A)!.client).toMatch(/^key:[\w-]{22}$/);
    expect(keys.get(A)!.client).not.toContain(A.slice(0, 8));
  });

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['a number', '42', /one JSON object/],
    ['a key that is not a UUID', JSON.stringify({ 'b5c7160a-b655-4c7a-b500-de839f09455': {} }), /not a UUID/],
    ['details that are text', JSON.stringify({ [A]: 'bot' }), /must be an object/],
    ['an unknown field', JSON.stringify({ [A]: { limits: 3 } }), /unknown field "limits"/],
    ['a limit under 1', JSON.stringify({ [A]: { limit: 0.5 } }), /"limit"/],
    ['a limit in words', JSON.stringify({ [A]: { limit: 'many' } }), /"limit"/],
    ['ips as one text', JSON.stringify({ [A]: { ips: '10.0.0.1' } }), /"ips"/],
    ['allowedServices in words', JSON.stringify({ [A]: { allowedServices: 'some' } }), /"allowedServices"/],
    ['an unknown service', JSON.stringify({ [A]: { allowedServices: ['instagram', 'myspace'] } }), /"myspace"/],
    ['a bad range', JSON.stringify({ [A]: { ips: ['10.0.0.0/33'] } }), /neither an address nor a CIDR range/],
    ['a host name', JSON.stringify({ [A]: { ips: ['example.com'] } }), /neither/],
    ['user agents that are not strings', JSON.stringify({ [A]: { userAgents: [1] } }), /"userAgents"/],
  ])('refuses %s, naming the mistake and never the key', (_what, text, message) => {
    let error: unknown;
    try {
      parseKeyFile(text);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(KeyFileError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('b5c7160a');
  });

  it('loads every file cobalt’s validateKeys takes (issue 39: each of these was refused whole, and the app did not start)', () => {
    const v1 = 'b5c7160a-b655-11ef-b500-de839f094550';
    const v7 = '01936d3c-7f8a-7b2c-9d4e-5f6a7b8c9d0e';
    const keys = parseKeyFile(
      JSON.stringify({
        [A]: { name: 'my discord bot', limit: 2.5, ips: [], userAgents: [] },
        [v1]: { name: { team: 'ops', 'line\nbreak': '"quoted"' }, limit: 0, allowedServices: ['instagram', 'youtube'] },
        [v7.toUpperCase()]: { name: 42, limit: false, ips: null, userAgents: '', allowedServices: 'all' },
        [B]: [],
      }),
    );
    expect(keys.get(A)).toMatchObject({ name: 'my discord bot', limit: 2.5 });
    // Empty lists, as in cobalt, match no address and no user agent.
    expect(matchKey(keys, `Api-Key ${A}`, '10.1.2.3', 'bot/1')).toMatchObject({ status: 'forbidden' });
    expect(keys.get(v1)!.name).toBe('{"team":"ops","line\\nbreak":"\\"quoted\\""}');
    expect(keys.get(v1)!.limit).toBeUndefined();
    expect([...keys.get(v1)!.allowedServices!]).toEqual(['instagram', 'youtube']);
    expect(keys.get(v7)).toMatchObject({ name: '42' });
    expect(keys.get(v7)!.allowedServices).toBeUndefined();
    expect(matchKey(keys, `Api-Key ${v7}`, '203.0.113.9', undefined)).toMatchObject({ status: 'ok' });
    expect(matchKey(keys, `Api-Key ${B}`, '203.0.113.9', undefined)).toMatchObject({ status: 'ok', key: { name: 'unnamed-0b3f1a22' } });
    expect(parseKeyFile('[]').size).toBe(0);
    // A long name is cut for the metric label.
    expect(parseKeyFile(JSON.stringify({ [A]: { name: 'n'.repeat(500) } })).get(A)!.name).toHaveLength(64);
  });
});

describe('matching a request’s key', () => {
  const keys = parseKeyFile(JSON.stringify({ [A]: { name: 'lab', ips: ['10.0.0.0/8', '2001:db8::/32'], userAgents: ['labbot/*'] }, [B]: {} }));

  it('takes Api-Key in any case, a known key from an allowed address and user agent', () => {
    expect(matchKey(keys, `Api-Key ${A}`, '10.1.2.3', 'labbot/1.0')).toMatchObject({ status: 'ok', key: { name: 'lab' } });
    expect(matchKey(keys, `api-key ${A.toUpperCase()}`, '::ffff:10.1.2.3', 'labbot/2')).toMatchObject({ status: 'ok' });
    expect(matchKey(keys, `Api-Key ${A}`, '2001:db8::7', 'labbot/1.0')).toMatchObject({ status: 'ok' });
    expect(matchKey(keys, `Api-Key ${B}`, '203.0.113.9', undefined)).toMatchObject({ status: 'ok' });
  });

  it('brings no key without the Api-Key scheme, and tells unknown and malformed keys from keys used where they may not be', () => {
    expect(matchKey(keys, undefined, '10.1.2.3', undefined)).toEqual({ status: 'none' });
    expect(matchKey(keys, 'Bearer x.y.z', '10.1.2.3', undefined)).toEqual({ status: 'none' });
    expect(matchKey(keys, 'Api-Keys x', '10.1.2.3', undefined)).toEqual({ status: 'none' });
    // The scheme with no key is a malformed key, not anonymous (issue 39).
    expect(matchKey(keys, 'Api-Key', '10.1.2.3', 'labbot/1')).toMatchObject({ status: 'unauthorized' });
    expect(matchKey(keys, 'Api-Key ', '10.1.2.3', 'labbot/1')).toMatchObject({ status: 'unauthorized' });
    expect(matchKey(keys, 'Api-Key 1234', '10.1.2.3', 'labbot/1')).toMatchObject({ status: 'unauthorized', reason: expect.stringMatching(/malformed/) });
    expect(matchKey(keys, `Api-Key ${A} extra`, '10.1.2.3', 'labbot/1')).toMatchObject({ status: 'unauthorized' });
    expect(matchKey(keys, 'Api-Key 11111111-2222-4333-8444-555555555555', '10.1.2.3', 'labbot/1')).toMatchObject({ status: 'unauthorized', reason: expect.stringMatching(/not known/) });
    expect(matchKey(keys, `Api-Key ${A}`, '11.1.2.3', 'labbot/1')).toMatchObject({ status: 'forbidden', reason: expect.stringMatching(/address/) });
    expect(matchKey(keys, `Api-Key ${A}`, '10.1.2.3', 'curl/8')).toMatchObject({ status: 'forbidden', reason: expect.stringMatching(/user agent/) });
    expect(matchKey(keys, `Api-Key ${A}`, '10.1.2.3', undefined)).toMatchObject({ status: 'forbidden' });
  });
});
