/**
 * What a request to `/` must carry for cobalt's API, and which `GET /` wants cobalt's instance info rather than
 * the home page. cobalt (api/src/core/api.js, read 2026-11-26) refuses a POST without `Accept: application/json`
 * (`error.api.header.accept`) or a JSON `Content-Type` (`error.api.header.content_type`), checked in that order
 * before anything else, and allows `/` from any origin with its rate-limit headers exposed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cobaltError } from './errors.ts';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'RateLimit-Limit, RateLimit-Policy, RateLimit-Remaining, RateLimit-Reset, Retry-After',
} as const;

/** GET / answers two ways: caches must keep them apart. */
export const ROOT_VARY = 'Accept, Origin, Sec-Fetch-Site, Sec-Fetch-Mode';

/** How an Accept header takes one media type: the weight of its most specific matching range, and whether it names the type. */
export function acceptOf(accept: string | undefined, type: string): { weight: number; named: boolean } {
  if (!accept) return { weight: 0, named: false };
  const [major] = type.split('/');
  let best = -1;
  let weight = 0;
  for (const range of accept.split(',')) {
    const [name = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    const specificity = name === type ? 2 : name === `${major}/*` ? 1 : name === '*/*' ? 0 : -1;
    if (specificity <= best) continue;
    best = specificity;
    const q = params.find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    weight = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
  }
  return { weight, named: best === 2 };
}

/** JSON before HTML: a higher weight, or the same weight with JSON named and HTML not (axios's `application/json, text/plain, *\/*`). */
function prefersJson(accept: string | undefined): boolean {
  const json = acceptOf(accept, 'application/json');
  const html = acceptOf(accept, 'text/html');
  return json.weight > 0 && (json.weight > html.weight || (json.weight === html.weight && json.named && !html.named));
}

/**
 * GET / is the site's page for navigations, for an Accept that names HTML (crawlers) and for our own origin's
 * requests (the service worker keeps `/` with `Accept: *\/*`); any other GET / is cobalt's instance info, as cobalt
 * answers it whatever the request says (cobalt-kit, gobalt and kobalt send `Accept: *\/*`; curl does too). A request
 * that prefers JSON gets it even when it names HTML too.
 */
export function wantsInstanceInfo(headers: FastifyRequest['headers'], publicOrigin: string): boolean {
  if (headers['sec-fetch-mode'] === 'navigate') return false;
  if (prefersJson(headers.accept)) return true;
  const html = acceptOf(headers.accept, 'text/html');
  if (html.named && html.weight > 0) return false;
  if (headers['sec-fetch-site'] === 'same-origin') return false;
  // A same-origin request from a browser without Fetch Metadata still says whose page it is.
  return headers.origin !== publicOrigin.replace(/\/+$/, '');
}

/** onRequest: CORS and no caching on every answer, errors included. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.headers(CORS_HEADERS).header('Cache-Control', 'no-store');
}

/** onRequest of POST /: CORS and no caching on every answer, then cobalt's header checks. */
export async function cobaltHeaders(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  await noStore(request, reply);
  const accept = acceptOf(request.headers.accept, 'application/json');
  // cobalt wants exactly application/json; a list that names it (with a weight) is taken too, `*/*` alone is not.
  const problem = !accept.named || accept.weight === 0 ? 'header.accept' : !JSON_TYPE.test(request.headers['content-type'] ?? '') ? 'header.content_type' : undefined;
  if (!problem) return undefined;
  const { status, body } = cobaltError(problem);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** OPTIONS /: the CORS preflight of cobalt's clients (any origin; the headers they send). */
export function answerPreflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const asked = request.headers['access-control-request-headers'];
  return reply
    .code(204)
    .headers(CORS_HEADERS)
    .header('Access-Control-Allow-Methods', 'GET, POST')
    .header('Access-Control-Allow-Headers', typeof asked === 'string' && /^[\w\s,-]{1,500}$/.test(asked) ? asked : 'Accept, Content-Type, Authorization')
    .header('Access-Control-Max-Age', '86400')
    .header('Vary', 'Access-Control-Request-Headers')
    .send();
}
