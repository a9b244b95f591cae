/**
 * Media routes readable from other sites' scripts: cobalt's clients (http/cobalt/) fetch our tunnels cross-origin
 * and read the file's length and name, and cobalt's web app probes a tunnel with `&p=1` first (answered 200 at once,
 * without opening the CDN, once the link's signature and expiry are checked).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verifyMediaToken, type MediaTokenPayload } from '../media/token.ts';
import { ApiError } from '../errors/api-error.ts';

/** onRequest: any origin may read a media answer (the links are signed; nothing of the visitor's is in them). */
export async function crossOriginMedia(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  // Estimated-Content-Length: cobalt's length of a file made as it is sent (a remux, a transcode), for progress.
  reply.header('Access-Control-Allow-Origin', '*').header('Access-Control-Expose-Headers', 'Content-Length, Content-Disposition, Estimated-Content-Length');
}

/** onRequest: `?p=1` is a probe: 200 and no body for a valid link of this route's kind, the usual JSON error otherwise. */
export function answerProbe(secret: string, kind: MediaTokenPayload['t']) {
  return async (request: FastifyRequest<{ Params: { token: string }; Querystring: { p?: string } }>, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (request.query.p !== '1') return undefined;
    if (verifyMediaToken(secret, request.params.token).t !== kind) throw new ApiError('bad_request', 'This download link is invalid.');
    return reply.code(200).header('Cache-Control', 'no-store').send();
  };
}
