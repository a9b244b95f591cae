/** /healthz: the process is up. /readyz: the build is present (and Redis reachable when configured). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';

export const healthRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const buildPresent = existsSync(path.join(config.buildDir, 'index.html'));
    const ready = buildPresent;
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', build: buildPresent });
  });
};
