/**
 * What every long download route (media, ZIP, muxed) applies before it opens the CDN: the per-IP cap on open
 * downloads, the ceiling on all open downloads together (MEDIA_MAX_STREAMS: each one holds a client socket, a CDN
 * socket and their buffers; issue 38 point 7), both 429 with Retry-After past them, and the stall timeout
 * (media/stall-watch.ts). Use it as the route's `preHandler`; the slots are freed when the response closes, however
 * it ends.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StreamSlots } from '../media/stream-slots.ts';
import { watchForStall } from '../media/stall-watch.ts';
import { countStreamRefusal, countStreamStall } from '../metrics.ts';
import { ApiError } from '../errors/api-error.ts';

export interface StreamGuardOptions {
  /** Open downloads per client IP. */
  slots: StreamSlots;
  /** Open downloads of every client together, counted under one name. */
  ceiling: StreamSlots;
  stallTimeoutMs: number;
}

/** The one name the ceiling counts under (an address or a /64 never reads so). */
const EVERY_CLIENT = 'all';

/** How long a refused client should wait: downloads usually finish or stall out well within it. */
const RETRY_AFTER_SECONDS = 10;

export type StreamGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const refusal = (message: string) =>
  new ApiError('rate_limited', message, { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) }, source: 'instance' });

export function createStreamGuard({ slots, ceiling, stallTimeoutMs }: StreamGuardOptions): StreamGuard {
  return async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    // The client's own cap first: a client past it does not take one of everyone's slots.
    const release = await slots.acquire(request.ip);
    if (!release) {
      countStreamRefusal(route, 'client');
      throw refusal('Too many downloads at once from your address. Let one finish, then try again.');
    }
    const releaseShared = await ceiling.acquire(EVERY_CLIENT);
    if (!releaseShared) {
      release();
      countStreamRefusal(route, 'instance');
      throw refusal('This site is serving as many downloads as it can at once. Please try again in a few seconds.');
    }
    reply.raw.once('close', () => {
      releaseShared();
      release();
    });
    watchForStall(reply.raw, stallTimeoutMs, () => {
      countStreamStall(route);
      request.log.warn({ route, stallTimeoutMs }, 'download ended: the client stopped reading');
    });
  };
}
