import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawResolution } from '../extract/raw.ts';
import { createResolutionCache, MemoryResolutionCache, RedisResolutionCache } from './resolution-cache.ts';

const raw = (n: number): RawResolution => ({
  kind: 'post',
  shortcode: `code${n}`,
  sourceUrl: `https://www.instagram.com/p/code${n}/`,
  author: { username: 'someone', fullName: 'Ünïcode ✨' },
  items: [{ type: 'image', url: `https://x.cdninstagram.com/${n}.jpg`, previewUrl: `https://x.cdninstagram.com/${n}.jpg`, qualities: [] }],
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A new client fails fast until it has connected (no offline queue): wait until writes reach Redis. */
async function connected(cache: RedisResolutionCache): Promise<void> {
  for (let i = 0; i < 100; i++) {
    await cache.fallback.close();
    await cache.set('probe', raw(0), 1000);
    if (cache.fallback.size === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis did not come up');
}

function warnings() {
  const lines: string[] = [];
  return { lines, logger: { warn: (_obj: object, msg: string) => void lines.push(msg) } };
}

describe('MemoryResolutionCache', () => {
  it('stores, expires and evicts the least recently used', async () => {
    const cache = new MemoryResolutionCache(2);
    await cache.set('a', raw(1), 60_000);
    await cache.set('b', raw(2), 60_000);
    expect(await cache.get('a')).toEqual(raw(1)); // a is now the most recent
    await cache.set('c', raw(3), 60_000);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toEqual(raw(1));
    expect(cache.size).toBe(2);
    await cache.set('short', raw(4), 1);
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.get('short')).toBeUndefined();
    await cache.set('never', raw(5), 0);
    expect(await cache.get('never')).toBeUndefined();
  });

  it('peeks without waiting: the same answers as get, and a peek counts as a use', async () => {
    const cache = new MemoryResolutionCache(2);
    await cache.set('a', raw(1), 60_000);
    await cache.set('b', raw(2), 60_000);
    expect(cache.peek('a')).toEqual(raw(1)); // a is now the most recent
    await cache.set('c', raw(3), 60_000);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toEqual(raw(1));
    expect(cache.peek('missing')).toBeUndefined();
    await cache.set('short', raw(4), 1);
    await new Promise((r) => setTimeout(r, 5));
    expect(cache.peek('short')).toBeUndefined();
  });

  it('is what createResolutionCache gives without Redis', () => {
    expect(createResolutionCache({ logger: warnings().logger }).backend).toBe('memory');
  });
});

describe('RedisResolutionCache degrades to memory', () => {
  it('when Redis is unreachable: answers from memory and warns once', async () => {
    const { lines, logger } = warnings();
    const cache = new RedisResolutionCache(`redis://127.0.0.1:${await freePort()}`, logger);
    try {
      await cache.set('k', raw(1), 60_000);
      expect(await cache.get('k')).toEqual(raw(1));
      expect(await cache.get('missing')).toBeUndefined();
      expect(lines.length).toBe(1);
      expect(lines[0]).toMatch(/using the in-memory cache/);
    } finally {
      await cache.close();
    }
  });
});

const REDIS_SERVER = '/usr/bin/redis-server';

describe.skipIf(!existsSync(REDIS_SERVER))('RedisResolutionCache with a real Redis', () => {
  let redis: ChildProcess;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const probe = new RedisResolutionCache(url, warnings().logger);
    await connected(probe);
    await probe.close();
  });
  afterAll(async () => {
    if (!redis || redis.exitCode !== null) return;
    const exited = new Promise((resolve) => redis.once('exit', resolve));
    redis.kill('SIGTERM');
    await exited;
  });

  it('is shared between instances and keeps unicode intact', async () => {
    const a = createResolutionCache<RawResolution>({ redisUrl: url, logger: warnings().logger }) as RedisResolutionCache<RawResolution>;
    const b = createResolutionCache<RawResolution>({ redisUrl: url, logger: warnings().logger }) as RedisResolutionCache<RawResolution>;
    try {
      expect(a.backend).toBe('redis');
      await connected(a);
      await connected(b);
      await a.set('shared', raw(7), 60_000);
      expect(await b.get('shared')).toEqual(raw(7));
      expect((await b.get('shared'))!.author.fullName).toBe('Ünïcode ✨');
      await a.set('brief', raw(8), 50);
      await new Promise((r) => setTimeout(r, 120));
      expect(await b.get('brief')).toBeUndefined();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
