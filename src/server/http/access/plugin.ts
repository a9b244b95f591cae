/**
 * Access to the lookups: API keys from API_KEY_URL (loaded here, reloaded as the file changes), `request.access` on
 * every request, and the gate before each route whose config says `lookup: true`. Registered before the routes.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createGate } from './gate.ts';
import { accessGetter } from './identity.ts';
import { loadKeySource } from './key-source.ts';

export interface AccessOptions {
  config: Config;
}

const plugin: FastifyPluginAsync<AccessOptions> = async (app, { config }) => {
  const keys = config.access.keyUrl ? await loadKeySource({ url: config.access.keyUrl, logger: app.log }) : undefined;
  if (keys) app.addHook('onClose', async () => keys.close());
  app.decorateRequest('access', { getter: accessGetter(keys ? () => keys.current() : undefined) });
  const gate = createGate({ authRequired: config.access.authRequired });
  app.addHook('onRoute', (route) => {
    if (route.config?.lookup !== true) return;
    const own = route.preHandler;
    route.preHandler = [gate, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
};

export const access = fp(plugin, { name: 'access' });
