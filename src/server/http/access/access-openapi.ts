/** The OpenAPI description of the challenge's routes and of the two ways to look up past the free allowance. */
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

export const challengeSchema = {
  type: 'object',
  description: 'A signed proof of work, bound to the address it was given to. Solve each puzzle i: a number n such that SHA-256("<salt>:<i>:<n>") starts with `bits` zero bits.',
  required: ['algorithm', 'salt', 'puzzles', 'bits', 'expires', 'signature'],
  properties: {
    algorithm: { const: 'SHA-256' },
    salt: { type: 'string', maxLength: 64 },
    puzzles: { type: 'integer', minimum: 1, maximum: 64, examples: [12] },
    bits: { type: 'integer', minimum: 1, maximum: 32, examples: [10] },
    expires: { type: 'integer', description: 'Epoch seconds; two minutes after it was given.' },
    signature: { type: 'string', description: 'HMAC of the fields above and the address: send the challenge back unchanged.' },
  },
} as const;

export const accessPaths = {
  '/api/v1/challenge': {
    get: {
      summary: 'A proof-of-work challenge, to look up past the free lookups of an address (CHALLENGE_FREE_PER_MIN)',
      responses: { 200: { description: 'The challenge.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Challenge' } } } }, 429: errorAnswer('rate_limited') },
    },
  },
  '/api/v1/session': {
    post: {
      summary: 'Trade a solved challenge for a token (Authorization: Bearer <token>) good for five minutes from the same address; a challenge is accepted once',
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['challenge', 'solution'],
              properties: { challenge: { $ref: '#/components/schemas/Challenge' }, solution: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 4294967295 }, description: 'One number per puzzle, in order.' } },
            },
          },
        },
      },
      responses: {
        200: {
          description: 'The token.',
          content: { 'application/json': { schema: { type: 'object', required: ['token', 'exp'], properties: { token: { type: 'string' }, exp: { type: 'integer', description: 'Epoch seconds.' } } } } },
        },
        400: errorAnswer('bad_request: not a challenge and a solution'),
        403: errorAnswer('forbidden: another address’s or a changed challenge, a wrong solution, or one already used'),
        410: errorAnswer('expired: ask for a new challenge'),
        429: errorAnswer('rate_limited'),
      },
    },
  },
} as const;

export const accessSecuritySchemes = {
  apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: '"Api-Key <uuid>", a key from API_KEY_URL (cobalt’s format): its own lookup limit, no challenge. Unknown or malformed: 401 unauthorized; from an address or user agent it does not allow: 403 forbidden.' },
  challengeToken: { type: 'http', scheme: 'bearer', description: 'A token from POST /api/v1/session, good from the address that solved the challenge.' },
} as const;
