/** The onRequest hook of the JSON API routes: answers never cached, and a body that is not JSON refused (415). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

export async function jsonOnlyNoStore(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('Cache-Control', 'no-store');
  if (!JSON_TYPE.test(request.headers['content-type'] ?? '')) throw new ApiError('unsupported_media_type', 'Send JSON (Content-Type: application/json).');
}
