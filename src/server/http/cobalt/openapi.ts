/** cobalt's API on `/`, as entries of our OpenAPI document (http/openapi-document.ts adds them to its paths). */
import { z } from 'zod';
import { cobaltRequestSchema } from './schema.ts';

const json = (schema: object) => ({ 'application/json': { schema } });

const cobaltError = {
  type: 'object',
  required: ['status', 'error'],
  properties: {
    status: { const: 'error' },
    error: {
      type: 'object',
      required: ['code'],
      properties: {
        code: {
          type: 'string',
          examples: ['error.api.link.invalid', 'error.api.content.post.private', 'error.api.fetch.rate', 'error.api.rate_exceeded', 'error.api.auth.key.not_found'],
        },
        context: { type: 'object', properties: { service: { type: 'string' }, limit: { type: 'number', description: 'rate_exceeded: the window in seconds.' } } },
      },
    },
  },
};

/** Sent on every answer past the header checks, as cobalt's limiter sends them (draft 6). */
const integer = (description: string) => ({ description, schema: { type: 'integer' } });
const rateLimitHeaders = {
  'RateLimit-Limit': integer('Lookups allowed in the window.'),
  'RateLimit-Remaining': integer('Lookups left in the window.'),
  'RateLimit-Reset': integer('Seconds until the window resets.'),
  'RateLimit-Policy': { description: '`<limit>;w=<window seconds>`.', schema: { type: 'string' } },
};

const cobaltAnswer = {
  oneOf: [
    {
      type: 'object',
      required: ['status', 'url', 'filename'],
      properties: {
        status: { const: 'tunnel' },
        url: { type: 'string', description: 'Absolute, on PUBLIC_ORIGIN, with a query string: a signed /api/v1/media or /api/v1/mux link. `&p=1` probes it: 200 and no body for a valid link, nothing fetched from the CDN. Media answers carry Access-Control-Allow-Origin: * and expose Content-Length and Content-Disposition.' },
        filename: { type: 'string' },
      },
    },
    {
      type: 'object',
      required: ['status', 'picker'],
      properties: {
        status: { const: 'picker' },
        picker: {
          type: 'array',
          items: { type: 'object', required: ['type', 'url', 'thumb'], properties: { type: { enum: ['photo', 'video'] }, url: { type: 'string' }, thumb: { type: 'string' } } },
        },
      },
    },
  ],
};

export const cobaltPaths = {
  '/': {
    post: {
      summary: 'cobalt-compatible endpoint: an Instagram link in cobalt’s API (tunnel for one file, picker for a carousel)',
      description:
        'Needs `Accept: application/json` and `Content-Type: application/json`; the body is at most 1024 bytes and strict (cobalt’s keys only). Answers and errors are cobalt’s (its docs/api.md); see the README, "cobalt-compatible endpoint".',
      parameters: [{ name: 'Authorization', in: 'header', required: false, schema: { type: 'string' }, description: '`Api-Key <uuid>` where the instance gives keys.' }],
      requestBody: { required: true, content: json(z.toJSONSchema(cobaltRequestSchema, { io: 'input' })) },
      responses: {
        200: { description: 'tunnel or picker.', headers: rateLimitHeaders, content: json(cobaltAnswer) },
        400: { description: 'Every failure but rate limits (error.api.*).', headers: rateLimitHeaders, content: json(cobaltError) },
        429: { description: 'error.api.rate_exceeded, with Retry-After and RateLimit-Limit, -Remaining, -Reset, -Policy (draft 6) of the limit that refused.', headers: rateLimitHeaders, content: json(cobaltError) },
      },
    },
    get: {
      summary: 'cobalt’s instance info (to any request but a navigation, an Accept naming text/html, or our own origin’s); the home page to those',
      responses: {
        200: {
          description: '`{ cobalt: { version, url, startTime, services: ["instagram", "threads"] }, git }` (curl gets this), or the page (text/html). Vary: Accept, Origin, Sec-Fetch-Site, Sec-Fetch-Mode.',
        },
      },
    },
    options: { summary: 'CORS preflight of cobalt’s POST / (any origin)', responses: { 204: { description: 'Allowed: GET, POST.' } } },
  },
  '/session': {
    post: {
      summary: 'cobalt’s session endpoint: this instance has no cobalt sessions (our challenge’s session is /api/v1/session)',
      responses: { 400: { description: '`error.api.auth.not_configured`, as cobalt answers without sessions; readable from any origin.', content: json(cobaltError) } },
    },
    options: { summary: 'CORS preflight of POST /session (any origin)', responses: { 204: { description: 'Allowed: GET, POST.' } } },
  },
};
