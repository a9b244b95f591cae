/**
 * Limits on what a client may send, and JSON answers where Node itself rejects a request. Body size is
 * Fastify's bodyLimit (per route where it differs) and header size is Node's maxHeaderSize (app.ts).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_TOKEN_LENGTH } from '../media/token.ts';
import { ApiError } from '../errors/api-error.ts';
import { sendApiError } from './errors.ts';

/** Longest URL for ordinary routes (nginx's default request-line buffer is 8 KB too). */
export const MAX_URL_BYTES = 8 * 1024;
/** Media and zip URLs carry signed tokens (a 20-item carousel's ZIP token can pass 8 KB), up to MAX_TOKEN_LENGTH. */
export const MAX_TOKEN_URL_BYTES = MAX_TOKEN_LENGTH + 1024;
/** Node answers 431 past this (request line + headers); below it our 414 applies. */
export const MAX_HEADER_BYTES = 24 * 1024;

const TOKEN_ROUTE = /^\/api\/v1\/(?:media|zip)\/([^?]*)/;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's own URL errors (a path that is not valid percent-encoding): our JSON shape, and no echo of the URL. */
export function frameworkErrors(_err: Error, _request: FastifyRequest, reply: FastifyReply): void {
  void sendApiError(reply, new ApiError('bad_request', 'The request URL is malformed.'));
}

/** The caller's x-request-id when it is a sane one (it lands in every log line), otherwise a fresh UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export function urlTooLong(url: string): boolean {
  if (url.length <= MAX_URL_BYTES) return false;
  const token = TOKEN_ROUTE.exec(url)?.[1];
  // A token no signer makes (longer than verify accepts) is a 414 too, not a route miss or a 400.
  return token === undefined || token.length > MAX_TOKEN_LENGTH || url.length > MAX_TOKEN_URL_BYTES;
}

const plugin: FastifyPluginAsync = async (app) => {
  // A callback hook, not an async one: it runs on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    if (urlTooLong(request.url)) {
      void sendApiError(reply, new ApiError('bad_request', 'The request URL is too long.', { status: 414 }));
      return;
    }
    done();
  });
};

export const requestLimits = fp(plugin, { name: 'request-limits' });

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
  HPE_INVALID_METHOD: [400, 'Bad Request', 'The request method is not valid.'],
};

/** Write our JSON error on a socket Node handed over without an answer, then close it. */
function answerOnSocket(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ error: { code: 'bad_request', message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    // A handler may still be running for this request: nothing it writes may follow our answer.
    () => socket.destroy(),
  );
}

/** Node hands a CONNECT to the server's 'connect' listeners and, with none, destroys the socket: answer 405 instead. */
export function refuseConnect(_request: IncomingMessage, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  answerOnSocket(socket, 405, 'Method Not Allowed', 'CONNECT is not served here: this is not a proxy.');
}

/**
 * Node's parser rejected the request (malformed request line, headers or chunked body, header overflow,
 * timeout): answer with our JSON error shape, then close — the byte stream cannot be trusted. As Node
 * does, an answer is written only when none has begun on this socket.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  const answerStarted = current ? Boolean(current.headersSent) : false;
  if (err.code === 'ECONNRESET' || !socket.writable || answerStarted) {
    socket.destroy();
    return;
  }
  const [status, reason, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request', 'The request is malformed.'];
  answerOnSocket(socket, status, reason, message);
}
