/**
 * A body the resolve lane read and then handed on with its request to the full way (Fastify's route): kept here by
 * request, and given to the route's body parser in place of the request's stream, which the lane has drained.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

const handed = new WeakMap<IncomingMessage, Buffer>();

export function keepHandedBody(request: IncomingMessage, body: Buffer): void {
  handed.set(request, body);
}

/** The resolve route's preParsing hook: the lane's bytes when it read them, the request's own stream otherwise. */
export function handedBodyFirst(request: FastifyRequest, _reply: FastifyReply, payload: Readable, done: (err: Error | null, body?: Readable) => void): void {
  const body = handed.get(request.raw);
  if (body === undefined) return done(null, payload);
  handed.delete(request.raw);
  done(null, Readable.from([body], { objectMode: false }));
}

