import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

describe('GET /api/openapi.json', () => {
  it('describes every API route, with request bodies from the validation schemas', async () => {
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openapi-')) }), { logger: createLogger('silent') });
    try {
      const res = await app.inject({ url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/resolve', '/api/v1/media/{token}', '/api/v1/zip/{token}', '/api/v1/contact', '/api/v1/users/{username}', '/api/v1/users/{username}/zip']));
      const resolveBody = doc.paths['/api/v1/resolve'].post.requestBody.content['application/json'].schema;
      expect(resolveBody.required).toEqual(['url']);
      expect(resolveBody.properties.url.maxLength).toBe(2048);
      expect(resolveBody.properties.tool.enum).toEqual(['video', 'photo', 'story', 'reels', 'igtv', 'profile', 'threads']);
      expect(doc.components.schemas.Error.properties.error.properties.code.enum).toContain('rate_limited');
      expect(doc.components.schemas.Error.properties.error.properties.code.enum).toContain('share_offsite');
      expect(doc.components.schemas.Error.properties.error.properties.service.enum).toEqual(['threads']);
      expect(doc.paths['/api/v1/resolve'].post.responses[400].description).toContain('share_offsite');
      // The challenge's JSON, as GET /api/v1/challenge gives it (issue 32).
      expect(doc.components.schemas.Challenge.required).toEqual(['algorithm', 'salt', 'puzzles', 'bits', 'expires', 'signature']);
      const challenge = (await app.inject({ url: '/api/v1/challenge' })).json();
      expect(Object.keys(challenge).sort()).toEqual([...doc.components.schemas.Challenge.required].sort());
      expect(doc.paths['/api/v1/session'].post.responses[200].content['application/json'].schema.required).toEqual(['token', 'exp']);
      expect(Object.keys(doc.components.securitySchemes)).toEqual(['apiKey', 'challengeToken']);
    } finally {
      await app.close();
    }
  });
});
