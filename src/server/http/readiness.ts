/**
 * Readiness, one judgement for /readyz and the gramsave_ready gauge (the alert rules read the gauge): the build is
 * present and, when REDIS_URL is set, Redis answers a PING.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SharedRedis } from '../redis.ts';

export interface Readiness {
  ready: boolean;
  build: boolean;
  redis: 'up' | 'down' | 'off';
}

export async function checkReadiness(buildDir: string, redis?: SharedRedis): Promise<Readiness> {
  const build = existsSync(path.join(buildDir, 'index.html'));
  const state = redis ? ((await redis.ping(500)) ? 'up' : 'down') : 'off';
  return { ready: build && state !== 'down', build, redis: state };
}
