/**
 * cobalt's API on the site's own origin (docs/api.md of imputnet/cobalt, read 2026-11-26), so cobalt's clients (its
 * web app with a custom instance, extensions, bots, CLIs) work with this instance: `POST /` looks a link up through
 * the same resolver as `POST /api/v1/resolve` and answers in cobalt's shapes (answers.ts, errors.ts); `OPTIONS /` is
 * its CORS preflight. `GET /` is the site's (info.ts answers it there for cobalt's clients). Every failure on these
 * routes, the access gate's and the rate limiter's included, leaves in cobalt's error shape, never as a 5xx.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { LinkResolver } from '../link-resolver.ts';
import { cobaltAnswer } from './answers.ts';
import { cobaltError, cobaltErrorOf, GENERIC_ERROR, type CobaltError } from './errors.ts';
import { answerPreflight, CORS_HEADERS, cobaltHeaders, noStore } from './guards.ts';
import { clientOf } from '../access/identity.ts';
import { lookupRouteConfig } from '../access/lookup-route.ts';
import { COUNTERS_ON_EVERY_ANSWER, draft6RateLimitHeaders } from './rate-headers.ts';
import { MAX_COBALT_BODY_BYTES, parseCobaltRequest } from './schema.ts';
import { serviceOfLink } from './services.ts';

export interface CobaltRouteOptions {
  config: Config;
  /** The resolve flow of the native API (http/link-resolver.ts). */
  resolveLink: LinkResolver;
}

const WINDOW_SECONDS = 60;

/** The services a request's API key may use (cobalt's `allowedServices`); undefined: any. */
function allowedServicesOf(request: FastifyRequest): ReadonlySet<string> | undefined {
  const access = request.access;
  return access?.status === 'ok' ? access.key.allowedServices : undefined;
}

function send(reply: FastifyReply, answer: CobaltError | { status: string }): FastifyReply {
  const failed = answer.status === 400 || answer.status === 429;
  const { status, body, headers } = failed ? (answer as CobaltError) : { status: 200, body: answer, headers: {} };
  return reply.code(status).headers({ ...CORS_HEADERS, ...headers }).type('application/json; charset=utf-8').send(body);
}

export const cobaltRoutes: FastifyPluginAsync<CobaltRouteOptions> = async (app, { config, resolveLink }) => {
  const limit = { max: config.rateLimits.resolvePerMin, windowSeconds: WINDOW_SECONDS };
  const keyRequired = config.access.authRequired || config.access.challengeFreePerMin === 0;

  app.setErrorHandler((err, request, reply) => {
    const authorization = request.headers.authorization;
    const sentHeader = (name: string) => {
      const value = reply.getHeader(name);
      return value === undefined ? undefined : String(value);
    };
    // The asked link's service names the errors that name one (a Threads link's are threads').
    const url = (request.body as { url?: unknown } | undefined)?.url;
    const service = typeof url === 'string' ? serviceOfLink(url) : undefined;
    const mapped = cobaltErrorOf(err, { authorization, limit, sentHeader, keyRequired, ...(service ? { service } : {}) });
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
      const service = serviceOfLink(url);
      // A key that lists its services is refused another's link before any lookup, as cobalt's extract() does.
      const allowed = allowedServicesOf(request);
      if (service !== undefined && allowed && !allowed.has(service)) return send(reply, cobaltError('service.disabled'));
      let raw;
      try {
        raw = await resolveLink(url, undefined, clientOf(request));
      } catch (err) {
        // The resolver reads every link of a service it serves (another shape is `unsupported`): a link it cannot
        // read at all is of no service (link.invalid, mapped below) or of one this instance does not serve.
        if (err instanceof ApiError && err.code === 'invalid_url' && service !== undefined) return send(reply, cobaltError('service.disabled'));
        throw err;
      }
      return send(reply, cobaltAnswer(raw, parsed.request, { secret: config.media.secret, origin: config.publicOrigin, transcodes: Boolean(config.media.ffmpeg) }));
    },
  );

  app.options('/', async (request, reply) => answerPreflight(request, reply));

  // cobalt's session endpoint (a Turnstile-earned JWT) answers this when the instance has no sessions, as here:
  // our challenge's session is /api/v1/session, for our own pages. With CORS, so a browser client reads the answer.
  app.post('/session', { bodyLimit: MAX_COBALT_BODY_BYTES, onRequest: noStore }, async (_request, reply) => send(reply, cobaltError('auth.not_configured')));
  app.options('/session', async (request, reply) => answerPreflight(request, reply));
};
