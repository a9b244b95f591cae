// The server's start environment: npm start's (start.mjs) and the image's (Containerfile) are the same.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, serverEnv, startedWithServerEnv } from './server-env.mjs';

describe('the server environment', () => {
  it('adds its values where the operator set none, and keeps the operator’s own', () => {
    expect(serverEnv({ PORT: '1' })).toEqual({ ...SERVER_ENV, PORT: '1' });
    expect(serverEnv({ MALLOC_TOP_PAD_: '0' }).MALLOC_TOP_PAD_).toBe('0');
    expect(startedWithServerEnv({})).toBe(false);
    expect(startedWithServerEnv({ MALLOC_TOP_PAD_: '0' })).toBe(true);
  });

  it('is what the image sets', () => {
    const set = new Map(
      readFileSync('Containerfile', 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('ENV '))
        .flatMap((line) => line.slice(4).trim().split(/\s+/))
        .map((pair) => pair.split('=') as [string, string]),
    );
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(set.get(name)).toBe(value);
  });
});
