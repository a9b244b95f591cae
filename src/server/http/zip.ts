/**
 * GET|HEAD /api/v1/zip/{token}: every item of a post in one streamed ZIP (stored entries), named
 * `instagram-{username}-{shortcode}.zip`, or (a batch token) every post of a batch in one folder each, its
 * posts looked up again now (media/zip/batch-zip.ts). See media/zip/zip.ts for how items are fetched and failures kept out.
 */
import type {} from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { MediaUpstream } from '../media/proxy/proxy.ts';
import { verifyMediaToken } from '../media/token.ts';
import { BATCH_MISSING_NAME, batchArchive } from '../media/zip/batch-zip.ts';
import { BATCH_REASONS, missingWords } from '../media/zip/missing-words.ts';
import { openZipArchive } from '../media/zip/zip.ts';
import { ApiError } from '../errors/api-error.ts';
import type { LinkResolver } from './link-resolver.ts';
import type { StreamGuard } from './stream-guard.ts';
import { sendArchive } from './archive-reply.ts';
import { crossOriginMedia } from './media-cors.ts';
import { clientOf } from './access/identity.ts';

export interface ZipRouteOptions {
  config: Config;
  upstream: MediaUpstream;
  /** Per-IP cap on open downloads and the stall timeout (http/stream-guard.ts). */
  streamGuard: StreamGuard;
  /** Looks a batch's posts up again when its archive is made. */
  resolveLink: LinkResolver;
}

export const zipRoutes: FastifyPluginAsync<ZipRouteOptions> = async (app, { config, upstream, streamGuard, resolveLink }) => {

  app.route<{ Params: { token: string } }>({
    method: ['GET', 'HEAD'],
    url: '/api/v1/zip/:token',
    compress: false,
    onRequest: crossOriginMedia,
    preHandler: streamGuard,
    config: { rateLimit: { max: config.rateLimits.mediaPerMin, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const payload = verifyMediaToken(config.media.secret, request.params.token);
      if (payload.t !== 'z' && payload.t !== 'b') throw new ApiError('bad_request', 'This download link is invalid.');
      const name = payload.n.endsWith('.zip') ? payload.n : `${payload.n}.zip`;
      return sendArchive(request, reply, name, (signal) =>
        payload.t === 'z'
          ? openZipArchive(payload.i, upstream, signal)
          : batchArchive(payload, (link) => resolveLink(link.u, link.k, clientOf(request))).then(({ entries, missing }) =>
              openZipArchive(entries, upstream, signal, { missing, missingName: BATCH_MISSING_NAME, missingWords: missingWords(payload.g, BATCH_REASONS) }),
            ),
      );
    },
  });
};
