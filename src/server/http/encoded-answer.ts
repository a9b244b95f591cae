/**
 * A JSON answer sent many times over (a cached resolution): its brotli and gzip copies are made once, on first
 * demand, and reused, instead of compressing the same bytes again on every request.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding, type ContentCoding } from './content-encoding.ts';

/** Below this, compression saves less than its headers cost (as @fastify/compress's threshold). */
const MIN_COMPRESS_BYTES = 1024;
const BOTH = { br: true, gzip: true } as const;
export const JSON_TYPE = 'application/json; charset=utf-8';

const compressors: Record<ContentCoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

export class EncodedAnswer {
  readonly identity: Buffer;
  private readonly copies: Partial<Record<ContentCoding, Buffer>> = {};

  constructor(json: string) {
    this.identity = Buffer.from(json);
  }

  /** The bytes for a client that takes `acceptEncoding`, and their coding (none: as they are). */
  bodyFor(acceptEncoding: string | undefined): { body: Buffer; encoding?: ContentCoding } {
    const encoding = this.identity.length >= MIN_COMPRESS_BYTES ? pickEncoding(acceptEncoding, BOTH) : undefined;
    if (!encoding) return { body: this.identity };
    return { body: (this.copies[encoding] ??= compressors[encoding](this.identity)), encoding };
  }

  /** The answer for this request: a compressed copy when the client takes one (routes using it set compress: false). */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    // Header names in lower case, as Fastify stores them (security-headers.ts).
    reply.type(JSON_TYPE).header('vary', 'Accept-Encoding');
    const { body, encoding } = this.bodyFor(request.headers['accept-encoding']);
    return encoding ? reply.header('content-encoding', encoding).send(body) : reply.send(body);
  }
}
