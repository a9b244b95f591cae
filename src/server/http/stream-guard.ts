/**
 * What every long download route (media, ZIP, muxed) applies before it opens the CDN: the per-IP cap on open
 * downloads (429 with Retry-After past it) and the stall timeout (media/stall-watch.ts). Use it as the route's
 * `preHandler`; the slot is freed when the response closes, however it ends.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StreamSlots } from '../media/stream-slots.ts';
import { watchForStall } from '../media/stall-watch.ts';
import { countStreamRefusal, countStreamStall } from '../metrics.ts';
import { ApiError } from '../errors/api-error.ts';

export interface StreamGuardOptions {
  slots: StreamSlots;
  stallTimeoutMs: number;
}

/** How long a refused client should wait: downloads usually finish or stall out well within it. */
const RETRY_AFTER_SECONDS = 10;

export type StreamGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function createStreamGuard({ slots, stallTimeoutMs }: StreamGuardOptions): StreamGuard {
  return async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const release = await slots.acquire(request.ip);
    if (!release) {
      countStreamRefusal(route);
      throw new ApiError('rate_limited', 'Too many downloads at once from your address. Let one finish, then try again.', {
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        source: 'instance',
      });
    }
    reply.raw.once('close', release);
    watchForStall(reply.raw, stallTimeoutMs, () => {
      countStreamStall(route);
      request.log.warn({ route, stallTimeoutMs }, 'download ended: the client stopped reading');
    });
  };
}
