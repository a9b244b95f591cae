/**
 * cobalt's API on the site's own origin (docs/api.md of imputnet/cobalt, read 2026-11-26), so cobalt's clients (its
 * web app with a custom instance, extensions, bots, CLIs) work with this instance: `POST /` looks a link up through
 * the same resolver as `POST /api/v1/resolve` and answers in cobalt's shapes (answers.ts, errors.ts); `OPTIONS /` is
 * its CORS preflight. `GET /` is the site's (info.ts answers it there for cobalt's clients). Every failure on these
 * routes, the access gate's and the rate limiter's included, leaves in cobalt's error shape, never as a 5xx.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { LinkResolver } from '../link-resolver.ts';
import { cobaltAnswer } from './answers.ts';
import { cobaltError, cobaltErrorOf, GENERIC_ERROR, type CobaltError } from './errors.ts';
import { answerPreflight, CORS_HEADERS, cobaltHeaders } from './guards.ts';
import { clientOf } from '../access/identity.ts';
import { lookupRouteConfig } from '../access/lookup-route.ts';
import { COUNTERS_ON_EVERY_ANSWER, draft6RateLimitHeaders } from './rate-headers.ts';
import { MAX_COBALT_BODY_BYTES, parseCobaltRequest } from './schema.ts';

export interface CobaltRouteOptions {
  config: Config;
  /** The resolve flow of the native API (http/link-resolver.ts). */
  resolveLink: LinkResolver;
}

const WINDOW_SECONDS = 60;

/** A link to a web page that is not Instagram's: cobalt calls that another service. */
function isWebLink(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}

function send(reply: FastifyReply, answer: CobaltError | { status: string }): FastifyReply {
  const failed = answer.status === 400 || answer.status === 429;
  const { status, body, headers } = failed ? (answer as CobaltError) : { status: 200, body: answer, headers: {} };
  return reply.code(status).headers({ ...CORS_HEADERS, ...headers }).type('application/json; charset=utf-8').send(body);
}

export const cobaltRoutes: FastifyPluginAsync<CobaltRouteOptions> = async (app, { config, resolveLink }) => {
  const limit = { max: config.rateLimits.resolvePerMin, windowSeconds: WINDOW_SECONDS };

  app.setErrorHandler((err, request, reply) => {
    const authorization = request.headers.authorization;
    const sentHeader = (name: string) => {
      const value = reply.getHeader(name);
      return value === undefined ? undefined : String(value);
    };
    const mapped = cobaltErrorOf(err, { authorization, limit, sentHeader });
    if (!mapped) request.log.error({ err }, 'unexpected error on cobalt POST /');
    return send(reply, mapped ?? GENERIC_ERROR);
  });

  // `lookup: true` opts the route into the access gate (API keys, the anonymous allowance: http/access/).
  // The limiter's counters go out on every answer here, as cobalt's do (rate-headers.ts).
  // The lookup config of every lookup (an API key's own limit, or none for "unlimited"), with the counters on.
  const lookup = lookupRouteConfig(config);
  const routeConfig = { ...lookup, rateLimit: { ...lookup.rateLimit, ...COUNTERS_ON_EVERY_ANSWER } };
  app.post(
    '/',
    { bodyLimit: MAX_COBALT_BODY_BYTES, config: routeConfig, onRequest: cobaltHeaders, onSend: draft6RateLimitHeaders(WINDOW_SECONDS) },
    async (request, reply) => {
      const parsed = parseCobaltRequest(request.body);
      if (!parsed.ok) return send(reply, cobaltError(parsed.code));
      const { url } = parsed.request;
      let raw;
      try {
        raw = await resolveLink(url, undefined, clientOf(request));
      } catch (err) {
        if (err instanceof ApiError && err.code === 'invalid_url' && isWebLink(url)) return send(reply, cobaltError('service.unsupported'));
        throw err;
      }
      return send(reply, cobaltAnswer(raw, parsed.request, { secret: config.media.secret, origin: config.publicOrigin }));
    },
  );

  app.options('/', async (request, reply) => answerPreflight(request, reply));
};
