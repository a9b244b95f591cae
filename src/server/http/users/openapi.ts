/** The profile view's paths and schemas in the OpenAPI document (issue 30; shapes from src/shared/profile-api.ts). */
import { LANGUAGE_CODES } from '../../../shared/language-codes.ts';
import { MAX_PICKED_ITEMS } from '../../../shared/profile-api.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const errorAnswer = (description: string) => ({ description, content: json(ref('Error')) });
const username = { name: 'username', in: 'path', required: true, description: 'An Instagram username, with or without @.', schema: { type: 'string', pattern: '^@?[A-Za-z0-9._]{1,30}$' } };

const unavailable = {
  type: 'object',
  required: ['unavailable'],
  description:
    'A section (or an album) that cannot be had: login_required (no live session, or for posts no logged-out path answered), private, rate_limited and upstream_unavailable (with retryAfter)…',
  properties: { unavailable: { type: 'string' }, retryAfter: { type: 'integer', description: 'Seconds, with rate_limited and upstream_unavailable.' } },
};
const storyItem = {
  allOf: [ref('MediaItem'), { type: 'object', properties: { expiresAt: { type: 'string', format: 'date-time' }, id: { type: 'string', description: "Instagram's id of the item: what `picked` names." } } }],
};
const ids = (description: string, pattern = '^\\d{1,30}$') => ({ type: 'array', minItems: 1, maxItems: MAX_PICKED_ITEMS, description, items: { type: 'string', pattern } });
/** POST …/zip {picked}: the ticked items alone (shared/profile-api.ts ProfilePicks). */
const picked = {
  type: 'object',
  additionalProperties: false,
  description: `Items ticked on the profile view, ${MAX_PICKED_ITEMS} at most in all: the archive holds them alone (no picture), in the folders of the whole profile's ZIP; a gone item is named in MISSING.txt.`,
  properties: {
    stories: ids('Story item ids.'),
    highlights: {
      type: 'array',
      minItems: 1,
      items: { type: 'object', required: ['album', 'items'], additionalProperties: false, properties: { album: { type: 'string', pattern: '^\\d{1,30}$' }, items: ids("The album's item ids.") } },
    },
    posts: ids('Post shortcodes.', '^[A-Za-z0-9_-]{1,40}$'),
  },
};
/** The visitor's language: the archive's MISSING.txt is written in it (English without). */
const zipLanguage = { enum: [...LANGUAGE_CODES], description: "The visitor's language, for MISSING.txt (English without)." };
const album = {
  type: 'object',
  required: ['id', 'title', 'count'],
  properties: { id: { type: 'string', description: "The highlight's digits." }, title: { type: 'string' }, cover: { type: 'string', description: 'Signed link to the cover.' }, count: { type: 'integer' } },
};
const postsPage = {
  type: 'object',
  required: ['items', 'next'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'type', 'thumbnail', 'downloadUrl', 'media'],
        properties: {
          code: { type: 'string' },
          type: { enum: ['image', 'video', 'carousel'] },
          thumbnail: { type: 'string' },
          takenAt: { type: 'string', format: 'date-time' },
          caption: { type: 'string', description: "The post's caption, whole." },
          downloadUrl: { type: 'string', description: "The post's own download, signed with the page (its ZIP for a carousel, else its one file): no lookup needed while the page is shown." },
          media: {
            type: 'object',
            required: ['type', 'url'],
            description: "The post's first file inline at full quality (a signed link), for a viewer: a photo, or a video that plays.",
            properties: { type: { enum: ['image', 'video'] }, url: { type: 'string' } },
          },
          files: {
            type: 'array',
            description: "A carousel's every file in order (the first is `media`), each with its own signed links: for a viewer to show and download one by one.",
            items: {
              type: 'object',
              required: ['type', 'url', 'poster', 'downloadUrl', 'filename'],
              properties: { type: { enum: ['image', 'video'] }, url: { type: 'string' }, poster: { type: 'string' }, downloadUrl: { type: 'string' }, filename: { type: 'string' } },
            },
          },
        },
      },
    },
    next: { type: ['string', 'null'], description: 'Opaque cursor for ?after=, null on the last page.' },
  },
};
const profileView = {
  type: 'object',
  required: ['user', 'stories', 'highlights', 'posts'],
  properties: {
    user: {
      type: 'object',
      required: ['username', 'private', 'picture'],
      properties: {
        username: { type: 'string' },
        fullName: { type: 'string' },
        private: { type: 'boolean' },
        picture: ref('MediaItem'),
        about: {
          type: 'object',
          description: 'The bio and counts where Instagram states them (web_profile_info); each absent when it does not.',
          properties: { biography: { type: 'string' }, posts: { type: 'integer' }, followers: { type: 'integer' }, following: { type: 'integer' } },
        },
      },
    },
    stories: { oneOf: [{ type: 'object', required: ['items'], properties: { items: { type: 'array', items: storyItem } } }, ref('UnavailableSection')] },
    highlights: { oneOf: [{ type: 'object', required: ['albums'], properties: { albums: { type: 'array', items: album } } }, ref('UnavailableSection')] },
    posts: { oneOf: [ref('ProfilePostsPage'), ref('UnavailableSection')] },
  },
};

const lookupErrors = {
  400: errorAnswer('invalid_url (not a username) or bad_request'),
  403: errorAnswer('private or login_required (the user lookup itself walled)'),
  404: errorAnswer('not_found'),
  429: errorAnswer('rate_limited (with Retry-After)'),
  502: errorAnswer('upstream_changed or upstream_unavailable'),
};

export const usersSchemas = { ProfileView: profileView, ProfilePostsPage: postsPage, UnavailableSection: unavailable };

export const usersPaths = {
  '/api/v1/users/{username}': {
    get: {
      summary: "A username's picture, current stories, highlight albums and first page of posts (each section or why it is unavailable)",
      parameters: [username],
      responses: { 200: { description: 'The profile view.', content: json(ref('ProfileView')) }, ...lookupErrors },
    },
  },
  '/api/v1/users/{username}/highlights/{id}': {
    get: {
      summary: "One highlight album's items",
      parameters: [username, { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d{1,30}$' } }],
      responses: {
        200: {
          description: 'The album, or why Instagram did not give it right now (its 500s: upstream_unavailable with retryAfter).',
          content: json({ oneOf: [{ type: 'object', required: ['title', 'items'], properties: { title: { type: 'string' }, items: { type: 'array', items: storyItem } } }, ref('UnavailableSection')] }),
        },
        ...lookupErrors,
      },
    },
  },
  '/api/v1/users/{username}/posts': {
    get: {
      summary: 'The next page of posts, newest first',
      parameters: [username, { name: 'after', in: 'query', schema: { type: 'string' }, description: 'The `next` of the previous page.' }],
      responses: { 200: { description: 'A page.', content: json(ref('ProfilePostsPage')) }, ...lookupErrors },
    },
  },
  '/api/v1/users/{username}/zip/{token}': {
    get: {
      summary: 'The profile ZIP, streamed (stored entries); MISSING.txt names what could not be added. For the client that asked for the link alone, 3 downloads',
      parameters: [username, { name: 'token', in: 'path', required: true, description: 'The signed token of a zipUrl.', schema: { type: 'string' } }],
      responses: {
        200: {
          description: 'application/zip. `x-gramsave-posts-cut: <n>` when the cap left older posts out (the archive holds the newest n).',
          headers: { 'x-gramsave-posts-cut': { schema: { type: 'integer' } } },
        },
        ...lookupErrors,
        400: errorAnswer('bad_request: the token is malformed, forged or for another user'),
        403: errorAnswer('forbidden: the link was made for another client (an API key, else an address or IPv6 /64): ask for a new one; or private or login_required'),
        410: errorAnswer('expired: the link is older than 6 h, or its 3 downloads are spent (a HEAD spends none)'),
      },
    },
  },
  '/api/v1/users/{username}/zip': {
    post: {
      summary:
        'A signed link to one streamed ZIP of the profile: the picture, a folder per section, album and post, MISSING.txt (at most PROFILE_ZIP_MAX_POSTS posts); or, with `picked` instead of `sections`, of the ticked items alone',
      parameters: [username],
      requestBody: {
        required: true,
        content: json({
          oneOf: [
            {
              type: 'object',
              required: ['sections'],
              additionalProperties: false,
              properties: { sections: { type: 'array', minItems: 1, items: { enum: ['stories', 'highlights', 'posts'] } }, maxPosts: { type: 'integer', minimum: 0 }, lang: zipLanguage },
            },
            { type: 'object', required: ['picked'], additionalProperties: false, properties: { picked, lang: zipLanguage } },
          ],
        }),
      },
      responses: { 200: { description: 'GET zipUrl streams the archive.', content: json({ type: 'object', required: ['zipUrl'], properties: { zipUrl: { type: 'string' } } }) }, ...lookupErrors },
    },
  },
};
