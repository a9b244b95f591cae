/**
 * GET|HEAD /api/v1/media/{token}[?download=1]: one media file streamed from the CDN, never stored.
 * Range and conditionals are forwarded; backpressure holds end to end (the CDN body is piped into the
 * reply); a client that leaves aborts the upstream request at once. Failures before the first byte
 * are JSON errors; after it, the socket is destroyed so the client sees a truncated download.
 */
import type {} from '@fastify/compress';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { forwardedRequestHeaders, mediaResponseHeaders } from '../media/proxy/headers.ts';
import type { MediaUpstream } from '../media/proxy/proxy.ts';
import { verifyMediaToken } from '../media/token.ts';
import { ClientGone } from '../media/proxy/upstream-errors.ts';
import { meterProxiedBytes } from '../metrics.ts';
import { ApiError } from '../errors/api-error.ts';
import { answerProbe, crossOriginMedia } from './media-cors.ts';
import { mediaCsp } from './security-headers.ts';
import type { StreamGuard } from './stream-guard.ts';

export interface MediaRouteOptions {
  config: Config;
  /** The app's one media upstream (allow-listed connection pool), shared with the ZIP route. */
  upstream: MediaUpstream;
  /** Per-IP cap on open downloads and the stall timeout (http/stream-guard.ts). */
  streamGuard: StreamGuard;
}

/** Aborts when the response closes before it finished (the client went away). */
export function abortWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Nobody is listening any more: end the exchange without an answer. */
export function dropReply(reply: FastifyReply): void {
  reply.hijack();
  reply.raw.destroy();
}

export const mediaRoutes: FastifyPluginAsync<MediaRouteOptions> = async (app, { config, upstream, streamGuard }) => {

  app.route<{ Params: { token: string }; Querystring: { download?: string; p?: string } }>({
    method: ['GET', 'HEAD'],
    url: '/api/v1/media/:token',
    compress: false,
    onRequest: [crossOriginMedia, answerProbe(config.media.secret, 'm')],
    preHandler: streamGuard,
    config: { rateLimit: { max: config.rateLimits.mediaPerMin, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const payload = verifyMediaToken(config.media.secret, request.params.token);
      if (payload.t !== 'm') throw new ApiError('bad_request', 'This download link is invalid.');
      const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
      const signal = abortWhenClientLeaves(reply);

      let res;
      try {
        res = await upstream.open(payload.u, { method, headers: forwardedRequestHeaders(request.headers), signal });
      } catch (err) {
        if (err instanceof ClientGone) return dropReply(reply);
        throw err;
      }

      const headers = mediaResponseHeaders(payload, res, request.query.download === '1');
      reply.code(res.status).headers({ ...headers, 'content-security-policy': mediaCsp(headers['content-type'] ?? '') });
      if (method === 'HEAD' || res.status === 304) {
        await res.body.dump();
        return reply.send();
      }
      meterProxiedBytes(res.body);
      return reply.send(res.body);
    },
  });
};
