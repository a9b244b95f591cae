/**
 * GET|HEAD /api/v1/media/{token}[?download=1]: one media file streamed from the CDN, never stored.
 * Range and conditionals are forwarded; backpressure holds end to end (the CDN body is written into the
 * client's response as it comes); a client that leaves aborts the upstream request at once. Failures before the first byte
 * are JSON errors; after it, the socket is destroyed so the client sees a truncated download.
 */
import type {} from '@fastify/compress';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { forwardedRequestHeaders, mediaResponseHeaders } from '../media/proxy/headers.ts';
import type { RelayingUpstream, UpstreamHead } from '../media/proxy/proxy.ts';
import { verifyMediaToken, type SingleMediaPayload } from '../media/token.ts';
import { ClientGone } from '../media/proxy/upstream-errors.ts';
import { meterProxiedWrites } from '../metrics.ts';
import { ApiError } from '../errors/api-error.ts';
import { answerProbe, crossOriginMedia } from './media-cors.ts';
import { mediaCsp } from './security-headers.ts';
import type { StreamGuard } from './stream-guard.ts';

export interface MediaRouteOptions {
  config: Config;
  /** The app's one media upstream (allow-listed connection pool), shared with the ZIP route. */
  upstream: RelayingUpstream;
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

function answerHeaders(payload: SingleMediaPayload, head: UpstreamHead, download: boolean): Record<string, string> {
  const headers = mediaResponseHeaders(payload, head, download);
  return { ...headers, 'content-security-policy': mediaCsp(headers['content-type'] ?? '') };
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
      const headers = forwardedRequestHeaders(request.headers);
      const signal = abortWhenClientLeaves(reply);
      const download = request.query.download === '1';

      if (request.method === 'HEAD') {
        let res;
        try {
          res = await upstream.open(payload.u, { method: 'HEAD', headers, signal });
        } catch (err) {
          if (err instanceof ClientGone) return dropReply(reply);
          throw err;
        }
        await res.body.dump();
        return reply.code(res.status).headers(answerHeaders(payload, res, download)).send();
      }

      // The CDN's body is written into the client's socket as it comes (no stream between them): the answer's head is
      // written here, so Fastify hands the response over (hijack) once the CDN has said yes, and not before: a failure
      // until then is answered by the error handler as JSON.
      let responded = false;
      try {
        await upstream.relay(payload.u, { method: 'GET', headers, signal }, (head) => {
          responded = true;
          reply.hijack();
          reply.raw.writeHead(head.status, { ...(reply.getHeaders() as OutgoingHttpHeaders), ...answerHeaders(payload, head, download) });
          meterProxiedWrites(reply.raw);
          return reply.raw;
        });
      } catch (err) {
        if (!responded) {
          if (err instanceof ClientGone) return dropReply(reply);
          throw err;
        }
        // The body broke off after the head went out (or the client left): the client sees a truncated download.
        if (!(err instanceof ClientGone)) request.log.warn({ err }, 'media: the CDN body broke off');
        reply.raw.destroy();
      }
    },
  });
};
