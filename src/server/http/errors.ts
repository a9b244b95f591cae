/**
 * One error handler for the whole app: every failure leaves as a JSON error with a DESIGN code,
 * including Fastify's own (bad JSON, body too large, wrong content type).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.ts';

function fromFastifyError(err: FastifyError): ApiError | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', 'Send JSON (Content-Type: application/json).');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('bad_request', 'The request body is not valid JSON.');
    default:
      break;
  }
  if (err instanceof SyntaxError) return new ApiError('bad_request', 'The request body is not valid JSON.');
  if (typeof err.statusCode === 'number' && err.statusCode === 429) {
    return new ApiError('rate_limited', 'Rate limit exceeded. Please try again later.', { source: 'instance' });
  }
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return new ApiError('bad_request', err.message || 'Bad request.', { status: err.statusCode });
  }
  return undefined;
}

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.status).type('application/json; charset=utf-8').send(error.toBody());
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = err instanceof ApiError ? err : fromFastifyError(err);
    if (known) {
      if (known.status >= 500) request.log.warn({ code: known.code, err: known.message }, 'request failed');
      return sendApiError(reply, known);
    }
    request.log.error({ err }, 'unexpected error');
    return sendApiError(reply, new ApiError('internal', 'Something went wrong on our side. Please try again.'));
  });
}
