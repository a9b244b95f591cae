/**
 * cobalt's `GET /` (docs/api.md, read 2026-11-26): `{ cobalt: { version, url, startTime, services }, git }`.
 * cobalt answers it whatever the request says; here `/` is also the home page, so guards.ts decides who gets which,
 * and this answer is given to the site (site.ts) to try first on `/`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { CORS_HEADERS, ROOT_VARY, wantsInstanceInfo } from './guards.ts';

/**
 * The cobalt API this endpoint speaks (cobalt's api/package.json when it was read): clients that check the major
 * version see the one whose API we follow.
 */
export const COBALT_API_VERSION = '11.7.1';

export function instanceInfo(config: Config, startTime: Date): string {
  const origin = config.publicOrigin.replace(/\/+$/, '');
  return JSON.stringify({
    cobalt: { version: COBALT_API_VERSION, url: `${origin}/`, startTime: String(startTime.getTime()), services: ['instagram', 'threads'] },
    // Which code answers: not cobalt's; clients only show these.
    git: { commit: 'gramsave', branch: 'main', remote: 'gramsave' },
  });
}

/** GET|HEAD / before the page: cobalt's instance info when guards.ts says so (undefined: serve the page). Vary either way. */
export function createRootAnswer(config: Config, startTime = new Date()) {
  const info = instanceInfo(config, startTime);
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    reply.header('Vary', ROOT_VARY);
    if (!wantsInstanceInfo(request.headers, config.publicOrigin)) return undefined;
    return reply.headers(CORS_HEADERS).header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(info);
  };
}

export type RootAnswer = ReturnType<typeof createRootAnswer>;
