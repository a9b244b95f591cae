/**
 * The resolve lane (issue 41 point 6): a resolve this process can answer from its cache is answered beside Fastify,
 * not through it, without Fastify's routing, request and reply objects, hooks and serialiser, and its 200 goes to the
 * socket whole (whole-answer.ts). With both, `npx tsx bench/resolve.ts` read a cached resolve at 0.955 of a bare
 * Fastify's throughput and 1.05× its CPU (medians of five runs, 2026-11-28; issue 41 asks ≥ 0.85 and ≤ 1.3). It asks
 * every question the route asks, with the route's own functions:
 * - the body: JSON (Fastify's own parser), UTF-8, within the route's limit, read by the route's rules (the verdict
 *   remembered per body text, read-body.ts);
 * - the rate limit: the route's own count (rate-limit.ts), and the gate's answer for a lookup without a key;
 * - the cache: the route's lookup and presenter, and its encodings.
 * Whatever it does not take (another route, an API key or token, a body it cannot read, a limit reached, a link not
 * held) goes on to Fastify as it came, its body handed on (handed-body.ts) and its counts counted once (count-once.ts),
 * so every answer but the cached 200 is the full way's own.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { MAX_RESOLVE_BODY_BYTES } from '../../../shared/api-schemas.ts';
import type { AnonymousAccess } from '../access/gate.ts';
import { isJsonType } from '../json-only.ts';
import { foreignCharset } from '../json-charset.ts';
import type { CachedLink } from '../link-resolver.ts';
import type { RouteCount } from '../rate-limit.ts';
import { countLaneRead } from '../../metrics.ts';
import { rateLimitKey } from '../rate-limit-key.ts';
import type { ResolvePresenter } from '../resolve-presenter.ts';
import type { SecurityHeaders } from '../security-headers.ts';
import { laneAnswerer, type LaneLogger } from './answer.ts';
import { clientAddressOf, httpsOf } from './client-address.ts';
import { keepHandedBody } from './handed-body.ts';
import { bodyReader } from './read-body.ts';
import type { ConnectionTerms } from './whole-answer.ts';

export const RESOLVE_ROUTE = '/api/v1/resolve';

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

export interface ResolveLaneParts {
  trustProxy: boolean;
  /** Fastify's JSON parser as the route uses it: the value, or a throw. */
  parseJson: (text: string) => unknown;
  count: RouteCount;
  /** Lookups a minute for an address (the route's limit for a request without a key). */
  limit: number;
  anonymous: AnonymousAccess;
  cached: CachedLink;
  present: ResolvePresenter;
  securityHeaders: SecurityHeaders;
  log: LaneLogger;
  /** True once the app is closing: Fastify's own handler answers then (503 to a new request). */
  closing: () => boolean;
}

/** Whether the lane may read this request: the route's, with no key or token, a JSON body in UTF-8 within the limit. */
function laneMayRead(request: IncomingMessage): boolean {
  if (request.method !== 'POST' || request.url !== RESOLVE_ROUTE) return false;
  const { headers } = request;
  if (headers.authorization !== undefined || headers['transfer-encoding'] !== undefined) return false;
  const type = headers['content-type'];
  if (!isJsonType(type) || foreignCharset(type) !== undefined) return false;
  const length = Number(headers['content-length']);
  return length > 0 && length <= MAX_RESOLVE_BODY_BYTES;
}

export function createResolveLane(parts: ResolveLaneParts, fullWay: RequestListener, connections: ConnectionTerms): RequestListener {
  const addressOf = clientAddressOf(parts.trustProxy);
  const readBody = bodyReader(parts.parseJson);
  const answer = laneAnswerer({ securityHeaders: parts.securityHeaders, https: httpsOf(parts.trustProxy), log: parts.log, connections });

  function handOn(request: IncomingMessage, response: ServerResponse, body: Buffer): void {
    countLaneRead('handed_on');
    keepHandedBody(request, body);
    fullWay(request, response);
  }

  function decide(request: IncomingMessage, response: ServerResponse, body: Buffer, startedAt: number): void {
    const read = readBody(body.toString('utf8'));
    const address = addressOf(request);
    if (!read?.success || address === undefined) return handOn(request, response, body);
    const { url, tool } = read.data;
    const client = rateLimitKey(address);
    parts.count(request, client, ({ current }) => {
      if (current > parts.limit) return handOn(request, response, body);
      parts.anonymous(request, client, (refused) => {
        const raw = refused ? undefined : parts.cached(url, tool);
        if (raw === undefined) return handOn(request, response, body);
        countLaneRead('answered');
        answer(request, response, RESOLVE_ROUTE, parts.present(raw), startedAt);
      });
    });
  }

  return function resolveLane(request, response) {
    if (parts.closing() || !laneMayRead(request)) return fullWay(request, response);
    const startedAt = performance.now();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => decide(request, response, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), startedAt));
  };
}

/** Puts the lane in front of the server's one request listener (Fastify's). */
export function installResolveLane(server: Server, parts: ResolveLaneParts): void {
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length !== 1) throw new Error(`resolve lane: expected Fastify's one request listener, found ${listeners.length}`);
  const fullWay = listeners[0]!;
  server.removeListener('request', fullWay);
  server.on('request', createResolveLane(parts, fullWay, server));
}
