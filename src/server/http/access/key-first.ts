/**
 * A lookup's API key is judged before any limit (issue 39): a request that brings an unknown, malformed or wrongly
 * placed key is refused at once (`unauthorized` / `forbidden`), not counted against its address's limit first and
 * told to wait a minute before it learns the key is wrong. Registered before the rate limiter, so on every lookup
 * route this onRequest hook runs after the route's own and before the limiter's.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../errors/api-error.ts';
import './lookup-route.ts';

function judgeKey(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const access = request.access;
  if (access?.status === 'unauthorized' || access?.status === 'forbidden') return done(new ApiError(access.status, access.reason));
  done();
}

const plugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRoute', (route) => {
    if (route.config?.lookup !== true) return;
    const own = route.onRequest;
    route.onRequest = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), judgeKey];
  });
};

export const keyBeforeLimits = fp(plugin, { name: 'key-before-limits' });
