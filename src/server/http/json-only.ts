/** The onRequest hook of the JSON API routes: answers never cached, and a body that is not JSON refused (415). */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ApiError } from '../errors/api-error.ts';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

export const isJsonType = (contentType: string | undefined): boolean => JSON_TYPE.test(contentType ?? '');

// A callback hook, not an async one: it runs on every resolve, and a promise per request showed in its profile.
export function jsonOnlyNoStore(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.header('cache-control', 'no-store'); // lower case, as Fastify stores it (security-headers.ts)
  if (!isJsonType(request.headers['content-type'])) done(new ApiError('unsupported_media_type', 'Send JSON (Content-Type: application/json).'));
  else done();
}
