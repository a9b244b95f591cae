/**
 * The lane's 200: the bytes, headers and order the resolve route sends for the same answer (security headers, request
 * id, no-store, JSON, Vary, the coding, the length), the route's latency metric, and its one log line
 * (request-log.ts) when info lines are written. lane.test.ts compares the two ways' answers and lines.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpRequestDuration } from '../../metrics.ts';
import type { EncodedAnswer } from '../encoded-answer.ts';
import { requestIdFor } from '../request-limits.ts';
import type { SecurityHeaders } from '../security-headers.ts';
import { answerHeads } from './answer-head.ts';
import { wholeAnswerWriter, type ConnectionTerms } from './whole-answer.ts';

/** The app's pino logger (app.log), as much of it as the line needs. */
export interface LaneLogger {
  isLevelEnabled(level: string): boolean;
  child(bindings: { reqId: string }): { info(fields: object, message: string): void };
}

export interface LaneAnswerParts {
  securityHeaders: SecurityHeaders;
  https: (request: IncomingMessage) => boolean;
  log: LaneLogger;
  /** The server's keep-alive terms, which the whole answer's head states as Node would. */
  connections: ConnectionTerms;
}

export function laneAnswerer({ securityHeaders, https, log, connections }: LaneAnswerParts) {
  const headFor = answerHeads();
  const writeWhole = wholeAnswerWriter(connections);
  return function answer(request: IncomingMessage, response: ServerResponse, route: string, encoded: EncodedAnswer, startedAt: number): void {
    const id = requestIdFor(request);
    const { body, encoding } = encoded.bodyFor(request.headers['accept-encoding']);
    const template = headFor(securityHeaders(request, https), encoding, id, body.length);
    if (!writeWhole(request, response, template, body)) response.writeHead(200, template.head).end(body);
    // Counted once the answer is handed to the socket (a small body is written at once), not on 'finish' as Fastify's
    // onResponse does: a listener a request for the same figure.
    const ms = performance.now() - startedAt;
    httpRequestDuration.observeRequest('POST', route, '200', ms / 1000);
    if (log.isLevelEnabled('info')) log.child({ reqId: id }).info({ req: { method: 'POST', url: route, id }, res: { statusCode: 200 }, responseTime: ms }, 'request completed');
  };
}
