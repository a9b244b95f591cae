import { describe, expect, it } from 'vitest';
import { PortTaken, redisServerAvailable, startTestRedis, startTestRedisOn } from './redis-server.ts';

describe.runIf(redisServerAvailable())('the tests’ redis-server', () => {
  // A free port can be taken by another test's server before ours binds it: ours exits, and the other's answers.
  it('refuses a port another server answers on, and starts on a fresh one', async () => {
    const other = await startTestRedis();
    try {
      await expect(startTestRedisOn(other.port)).rejects.toBeInstanceOf(PortTaken);
      const ours = await startTestRedis();
      expect(ours.port).not.toBe(other.port);
      await ours.stop();
    } finally {
      await other.stop();
    }
  });
});
