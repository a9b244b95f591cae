/**
 * JSON bodies in UTF-8 only. Fastify's JSON parser reads `application/json; charset=utf-7` (or any made-up charset)
 * as UTF-8, so a body the sender meant otherwise was understood as something else; a charset other than UTF-8 is now
 * a JSON 415 before the body is read. The parser itself stays Fastify's (secure-json-parse, poisoning refused).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.ts';

const CHARSET = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i;

/** Undefined when the charset is absent or UTF-8 (RFC 8259: JSON is UTF-8; the parameter has no meaning for it). */
export function foreignCharset(contentType: string | undefined): string | undefined {
  const charset = contentType === undefined ? undefined : CHARSET.exec(contentType)?.[2];
  if (charset === undefined) return undefined;
  const name = charset.toLowerCase();
  return name === 'utf-8' || name === 'utf8' ? undefined : charset;
}

export function acceptUtf8JsonOnly(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const charset = foreignCharset(request.headers['content-type']);
    if (charset !== undefined) {
      done(new ApiError('unsupported_media_type', `Send JSON in UTF-8 (this body says charset=${charset.slice(0, 40)}).`), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
