/**
 * The HTTP API as an OpenAPI 3.1 document (DESIGN "HTTP API"). Request bodies come from the same zod
 * schemas the routes validate with; answers are written out from the shared types in src/shared/api.ts.
 */
import { z } from 'zod';
import { ERROR_STATUS } from '../../shared/api.ts';
import { batchRequestSchema, contactRequestSchema, resolveRequestSchema } from '../../shared/api-schemas.ts';
import { cobaltPaths } from './cobalt/openapi.ts';
import { usersPaths, usersSchemas } from './users/openapi.ts';
import { accessPaths, accessSecuritySchemes, challengeSchema } from './access/access-openapi.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const errorAnswer = (description: string) => ({ description, content: json(ref('Error')) });
const tokenParameter = { name: 'token', in: 'path', required: true, description: 'A signed media token from a Resolution.', schema: { type: 'string' } };

const mediaItem = {
  type: 'object',
  required: ['type', 'previewUrl', 'mediaUrl', 'downloadUrl', 'filename'],
  properties: {
    type: { enum: ['image', 'video'] },
    width: { type: 'integer' },
    height: { type: 'integer' },
    durationSeconds: { type: 'number' },
    previewUrl: { type: 'string', description: 'Proxied, inline: poster or thumbnail.' },
    mediaUrl: { type: 'string', description: 'Proxied, inline, full quality (Range works).' },
    downloadUrl: { type: 'string', description: 'Attachment with the file name: the best quality (a /api/v1/mux link when a DASH track is larger than every progressive rendition).' },
    filename: {
      type: 'string',
      description: 'The saved name: author, post code (a story: its kind and time), item number in a carousel, quality. Safe on every OS, at most 255 bytes.',
      examples: ['hold.out_studio-DQfullHD108-1080p.mp4', 'natgeo-C8xYz12AbCd-2-1080x1350.jpg'],
    },
    bytes: { type: 'integer', minimum: 1, description: "The default download's exact size, as the media server states it." },
    approxBytes: { type: 'integer', minimum: 1, description: "The default download's estimated size, when it is a joined one." },
    qualities: {
      type: 'array',
      description: 'Every distinct size, best first: the progressive renditions and the DASH video tracks (muxed) of other sizes.',
      items: {
        type: 'object',
        required: ['label', 'width', 'height', 'mediaUrl', 'downloadUrl', 'filename'],
        properties: {
          label: { type: 'string', examples: ['1080×1920 · Full HD'] },
          width: { type: 'integer' },
          height: { type: 'integer' },
          mediaUrl: { type: 'string', description: 'Proxied, inline: this quality for a player or a new tab.' },
          downloadUrl: { type: 'string' },
          filename: { type: 'string', description: 'This quality saved: the same name with its own quality.', examples: ['hold.out_studio-DQfullHD108-720p.mp4'] },
          bytes: { type: 'integer', minimum: 1, description: "The file's exact size (a HEAD's Content-Length when the post was looked up)." },
          muxed: { const: true, description: 'A DASH video track joined with the audio track on the fly (/api/v1/mux): no Range; its Content-Length is announced when the tracks join fragment by fragment.' },
          approxBytes: { type: 'integer', minimum: 1, description: "A joined file's size estimated from its tracks' sizes, else from the manifest's bitrate × duration." },
        },
      },
    },
    audioUrl: { type: 'string', description: 'The audio track alone (.m4a), where the source has one.' },
    audioFilename: { type: 'string', examples: ['hold.out_studio-DQfullHD108-audio.m4a'] },
    silent: { const: true, description: 'A video Instagram says has no sound: none of its files has any (the page says "no sound").' },
  },
};

const resolution = {
  type: 'object',
  required: ['kind', 'service', 'sourceUrl', 'author', 'items'],
  properties: {
    kind: { enum: ['post', 'reel', 'igtv', 'story', 'highlight', 'profile'] },
    shortcode: { type: 'string' },
    service: { type: 'string', enum: ['instagram', 'threads'], description: 'Whose link it was. Threads posts (threads.com, threads.net, /t/{code}, barcelona://) resolve like Instagram posts; a text-only thread answers no_media, a Threads profile unsupported.' },
    sourceUrl: { type: 'string', description: 'Canonical instagram.com link, or https://www.threads.com/@{user}/post/{code} for a thread.' },
    author: {
      type: 'object',
      required: ['username'],
      properties: {
        username: { type: 'string', description: 'The owner of the post (file names are under this name).' },
        fullName: { type: 'string' },
        avatarUrl: { type: 'string' },
        coauthors: { type: 'array', description: "A collab post's other accounts (Instagram's coauthor_producers).", items: { type: 'object', required: ['username'], properties: { username: { type: 'string' } } } },
      },
    },
    caption: { type: 'string' },
    takenAt: { type: 'string', format: 'date-time' },
    items: { type: 'array', items: ref('MediaItem') },
    zipUrl: { type: 'string', description: 'All items in one ZIP, when there is more than one.' },
  },
};

const error = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { enum: Object.keys(ERROR_STATUS) },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
        source: { enum: ['instagram', 'threads', 'instance'], description: 'On rate_limited: who asks to wait (the service throttled this instance, or its own limits).' },
        service: { enum: ['threads'], description: 'Present when the link was a Threads one: a text-only thread (no_media) and a Threads profile (unsupported) have messages of their own.' },
      },
    },
  },
};

export function openApiDocument(): object {
  return {
    openapi: '3.1.0',
    info: { title: 'Gramsave API', version: '1.0.0', description: 'Resolve public Instagram links to their media and download the files through a signed proxy.' },
    paths: {
      '/api/v1/resolve': {
        post: {
          summary: 'Resolve an Instagram link to its media',
          requestBody: { required: true, content: json(z.toJSONSchema(resolveRequestSchema, { io: 'input' })) },
          responses: {
            200: { description: 'The media of the link.', content: json(ref('Resolution')) },
            400: errorAnswer('invalid_url, unsupported, share_offsite (a share link that leads off Instagram) or bad_request'),
            403: errorAnswer('private, login_required, age_restricted (the post is age-gated: only a logged-in adult sees it) or restricted (Instagram limits who sees it: by region, age or audience)'),
            404: errorAnswer('not_found or no_media'),
            413: errorAnswer('payload_too_large'),
            415: errorAnswer('unsupported_media_type'),
            429: errorAnswer('rate_limited (with Retry-After), or challenge_required past the free lookups (see /api/v1/challenge)'),
            502: errorAnswer('upstream_changed or upstream_unavailable'),
            504: errorAnswer('upstream_unavailable (timeout)'),
          },
        },
      },
      '/api/v1/media/{token}': {
        get: {
          summary: 'Stream one media file (Range supported)',
          parameters: [tokenParameter, { name: 'download', in: 'query', schema: { enum: ['1'] }, description: 'Answer as an attachment with the file name.' }],
          responses: {
            200: { description: 'The file.' },
            206: { description: 'The requested range.' },
            400: errorAnswer('bad_request: the token is malformed or forged'),
            404: errorAnswer('not_found'),
            410: errorAnswer('expired: resolve the link again'),
            416: errorAnswer('the range cannot be satisfied'),
            502: errorAnswer('upstream_unavailable'),
            504: errorAnswer('upstream_unavailable (timeout)'),
          },
        },
        head: { summary: 'Headers of one media file', parameters: [tokenParameter], responses: { 200: { description: 'Headers only.' } } },
      },
      '/api/v1/mux/{token}': {
        get: {
          summary: 'A DASH video track joined with its audio track into one fragmented MP4, streamed as it is made (stream copy)',
          parameters: [tokenParameter, { name: 'inline', in: 'query', schema: { enum: ['1'] }, description: 'Answer inline (for a player or a new tab) instead of as an attachment.' }],
          responses: {
            200: { description: 'video/mp4 attachment, or inline with ?inline=1 (no Content-Length, no Range).' },
            400: errorAnswer('bad_request'),
            410: errorAnswer('expired: resolve the link again'),
            502: errorAnswer('upstream_unavailable'),
            504: errorAnswer('upstream_unavailable (timeout)'),
          },
        },
      },
      '/api/v1/zip/{token}': {
        get: {
          summary: 'Every item of a post in one streamed ZIP, or (a batch link) every post of a batch in one folder each, with MISSING.txt naming what could not be added',
          parameters: [tokenParameter],
          responses: {
            200: { description: 'application/zip, stored entries; with Content-Length when every item is a plain file of a size known in advance (an item that then breaks off leaves padding, and is listed as missing).' },
            400: errorAnswer('bad_request'),
            410: errorAnswer('expired'),
            502: errorAnswer('upstream_unavailable'),
          },
        },
      },
      '/api/v1/batch': {
        post: {
          summary: 'A signed link to one ZIP across the posts of a batch (up to 20 posts, 200 files)',
          requestBody: { required: true, content: json(z.toJSONSchema(batchRequestSchema, { io: 'input' })) },
          responses: {
            200: {
              description: 'The ZIP link (GET /api/v1/zip/{token}) and what it holds.',
              content: json({
                type: 'object',
                required: ['zipUrl', 'posts', 'files', 'missing'],
                properties: { zipUrl: { type: 'string' }, posts: { type: 'integer' }, files: { type: 'integer' }, missing: { type: 'integer', description: 'Posts listed in MISSING.txt.' } },
              }),
            },
            400: errorAnswer('bad_request; or, when no link could be looked up, their cause (mixed causes: the most actionable one, as for 429)'),
            413: errorAnswer('payload_too_large: more than 200 files, or a body over 128 KB'),
            415: errorAnswer('unsupported_media_type'),
            429: errorAnswer(
              "rate_limited (with Retry-After): also when no link could be looked up and this instance's own limits held some back (source instance); or challenge_required past the free lookups (see /api/v1/challenge)",
            ),
          },
        },
      },
      '/api/v1/contact': {
        post: {
          summary: 'Send a message to the team',
          parameters: [{ name: 'Idempotency-Key', in: 'header', description: 'One per message (16 to 64 of A-Z a-z 0-9 _ -): the same message (name, email, text) sent again with the same key, from any address, is stored once, its id answered again and the hourly limit not spent; another message under the same key is a new message.', schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' } }],
          requestBody: { required: true, content: json(z.toJSONSchema(contactRequestSchema, { io: 'input' })) },
          responses: { 201: { description: 'Stored.' }, 400: errorAnswer('bad_request with field errors'), 429: errorAnswer('rate_limited') },
        },
      },
      ...usersPaths,
      ...accessPaths,
      '/healthz': { get: { summary: 'The process is up', responses: { 200: { description: 'ok' } } } },
      '/readyz': { get: { summary: 'Ready to serve (build present, Redis reachable when configured); the answer is { status } alone', responses: { 200: { description: '{ "status": "ready" }' }, 503: { description: '{ "status": "not_ready" }' } } } },
      ...cobaltPaths,
    },
    components: { schemas: { Resolution: resolution, MediaItem: mediaItem, Error: error, Challenge: challengeSchema, ...usersSchemas }, securitySchemes: accessSecuritySchemes },
  };
}
