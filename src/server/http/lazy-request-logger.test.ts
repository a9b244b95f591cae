import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeUpstreamEnv, startApp, type AppRig } from '../../../test/app-rig.ts';
import { FIXTURE, startFakeInstagram, type FakeInstagram } from '../../../test/fake-instagram/index.ts';
import { createLogger } from '../logger.ts';
import { LazyRequestLogger } from './lazy-request-logger.ts';

const capture = (level: string) => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
};

describe('LazyRequestLogger', () => {
  it('makes no child for lines below the level, and writes the child’s lines at it', () => {
    const { logger, lines } = capture('info');
    const child = vi.spyOn(logger, 'child');
    const log = new LazyRequestLogger(logger, { reqId: 'r-1' }, {});
    log.debug('not written');
    log.trace({ a: 1 }, 'not written');
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('info');
    log.info({ a: 1 }, 'written');
    log.warn('also %s', 'written');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, reqId: 'r-1', a: 1, msg: 'written' }),
      expect.objectContaining({ level: 40, reqId: 'r-1', msg: 'also written' }),
    ]);
  });

  it('keeps a route’s own level, a level set on it, and its children’s bindings', () => {
    const { logger, lines } = capture('info');
    const log = new LazyRequestLogger(logger, { reqId: 'r-2' }, { level: 'debug' });
    expect(log.isLevelEnabled('debug')).toBe(true);
    log.debug('route level');
    log.level = 'error';
    log.warn('not written');
    log.child({ part: 'x' }).error('from a child');
    expect(lines).toEqual([
      expect.objectContaining({ level: 20, reqId: 'r-2', msg: 'route level' }),
      expect.objectContaining({ level: 50, reqId: 'r-2', part: 'x', msg: 'from a child' }),
    ]);
    expect(log.bindings()).toEqual({ reqId: 'r-2' });
  });
});

describe('the app’s request loggers', () => {
  let fake: FakeInstagram;
  let rig: AppRig;
  beforeAll(async () => {
    fake = await startFakeInstagram();
    rig = await startApp({ env: fakeUpstreamEnv(fake), captureLogs: 'warn' });
  });
  afterAll(async () => {
    await rig.close();
    await fake.close();
  });

  it('make no pino child for a cached resolve that writes no line (LOG_LEVEL=warn)', async () => {
    const resolve = async () => {
      const res = await fetch(`${rig.base}/api/v1/resolve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `https://www.instagram.com/p/${FIXTURE.image}/` }),
      });
      await res.arrayBuffer();
      return res.status;
    };
    expect(await resolve()).toBe(200); // fills the cache
    const child = vi.spyOn(rig.app.log, 'child');
    expect(await resolve()).toBe(200);
    expect(child).not.toHaveBeenCalled();
    child.mockRestore();
  });
});
