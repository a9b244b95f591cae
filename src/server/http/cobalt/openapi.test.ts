/** cobalt's endpoint in our OpenAPI document: POST, GET and OPTIONS on /, the body from the schema the route validates with. */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../openapi-document.ts';

describe('OpenAPI: the cobalt-compatible endpoint', () => {
  it('lists / with cobalt’s strict body, its answers and its errors', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const doc = openApiDocument() as any;
    const root = doc.paths['/'];
    expect(Object.keys(root).sort()).toEqual(['get', 'options', 'post']);
    const body = root.post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['url']);
    expect(body.additionalProperties).toBe(false);
    expect([...body.properties.videoQuality.enum].sort()).toEqual(['max', '4320', '2160', '1440', '1080', '720', '480', '360', '240', '144'].sort());
    expect(Object.keys(root.post.responses)).toEqual(['200', '400', '429']);
    expect(Object.keys(doc.paths['/session']).sort()).toEqual(['options', 'post']);
    // The native routes are still there, unchanged in order.
    expect(Object.keys(doc.paths).indexOf('/api/v1/resolve')).toBe(0);
  });
});
