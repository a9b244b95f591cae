/**
 * The access gate's contract (issue 32): lookup routes opt in with `config: { lookup: true }`, and the gate throws
 * ApiErrors from a hook. Until the gate lands, a stand-in hook here does what it will do, in front of cobalt's real
 * routes: the flag is on POST /, and what it throws leaves as cobalt's answers (CORS included).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ApiError } from '../../errors/api-error.ts';
import { cobaltRoutes } from './routes.ts';

const KEY = '7b6c8f5e-1234-4abc-9def-0123456789ab';
let app: FastifyInstance;
let looked = 0;

beforeAll(async () => {
  app = Fastify();
  app.addHook('onRequest', async (request) => {
    if (!(request.routeOptions.config as { lookup?: boolean }).lookup) return;
    const gate = request.headers['x-gate'];
    if (gate === 'unauthorized') throw new ApiError('unauthorized', 'Unknown API key.');
    if (gate === 'forbidden-ua') throw new ApiError('forbidden', 'This key may not be used from this user agent.');
    if (gate === 'challenge') throw new ApiError('challenge_required', 'Solve the challenge.');
    if (gate === 'limit') throw new ApiError('rate_limited', 'Too many.', { source: 'instance', headers: { 'Retry-After': '9' } });
  });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', PUBLIC_ORIGIN: 'https://gramsave.example' });
  await app.register(cobaltRoutes, {
    config,
    resolveLink: async () => {
      looked++;
      throw new ApiError('not_found', 'gone');
    },
  });
});
afterAll(() => app?.close());

const post = (gate: string, authorization?: string) =>
  app.inject({
    method: 'POST',
    url: '/',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'x-gate': gate, ...(authorization ? { authorization } : {}) },
    payload: { url: 'https://www.instagram.com/p/B866lKJgReK/' },
  });

describe('POST / behind the access gate', () => {
  it('is a lookup route: the gate’s refusals are cobalt’s answers, and nothing is looked up', async () => {
    const key = await post('unauthorized', `Api-Key ${KEY}`);
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual({ status: 'error', error: { code: 'error.api.auth.key.not_found' } });
    expect(key.headers['access-control-allow-origin']).toBe('*');
    expect((await post('unauthorized', 'Api-Key nope')).json().error.code).toBe('error.api.auth.key.invalid');
    expect((await post('forbidden-ua', `Api-Key ${KEY}`)).json().error.code).toBe('error.api.auth.key.ua_not_allowed');
    for (const gate of ['challenge', 'limit']) {
      const res = await post(gate);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ status: 'error', error: { code: 'error.api.rate_exceeded', context: { limit: 60 } } });
      expect(res.headers['ratelimit-remaining']).toBe('0');
    }
    expect(looked).toBe(0);
    // Let through, the lookup runs and its failure is cobalt's too.
    expect((await post('none')).json().error.code).toBe('error.api.content.post.unavailable');
    expect(looked).toBe(1);
  });

  it('the preflight is not a lookup', async () => {
    const res = await app.inject({ method: 'OPTIONS', url: '/', headers: { 'x-gate': 'unauthorized', origin: 'https://cobalt.tools', 'access-control-request-method': 'POST' } });
    expect(res.statusCode).toBe(204);
  });
});
