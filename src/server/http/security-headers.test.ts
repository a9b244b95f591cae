/**
 * Which Content-Security-Policy each answer carries, on the real app: media files get the viewer policy (the
 * browser's own player and picture viewer work, no script may run), JSON answers keep the strict API policy,
 * including the JSON errors of the media route itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaRig, type MediaRig } from '../../../test/media-rig.ts';
import { API_CSP } from './security-headers.ts';

const VIDEO = '/scontent-lhr8-1.cdninstagram.com/o1/v/t16/f2/m86/AQN_csp.mp4';
const PHOTO = '/scontent-lhr8-1.cdninstagram.com/v/t51.2885-15/449_csp.jpg';

let rig: MediaRig;
beforeAll(async () => {
  rig = await startMediaRig();
});
afterAll(async () => rig.close());

/** The policy's directives by name. */
function directives(header: string | string[] | undefined): Map<string, string> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.split(/\s+/)[0]!.length).trim()]),
  );
}

function expectNoScripts(policy: Map<string, string>) {
  expect(policy.get('default-src')).toBe("'none'");
  expect(policy.has('script-src')).toBe(false);
  expect(policy.has('script-src-elem')).toBe(false);
  expect(policy.get('frame-ancestors')).toBe("'none'");
}

describe('Content-Security-Policy', () => {
  it('an inline video lets the browser play it in its own viewer: media-src self, inline styles, not sandboxed', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await rig.get(rig.mediaPath(rig.cdn.urlFor(VIDEO)), {}, method);
      expect(res.status).toBe(200);
      const policy = directives(res.headers['content-security-policy']);
      expectNoScripts(policy);
      expect(policy.get('media-src')).toBe("'self'");
      expect(policy.get('style-src')).toBe("'unsafe-inline'");
      // A sandboxed viewer (opaque origin) fetches the file cross-origin and plays nothing.
      expect(policy.has('sandbox')).toBe(false);
    }
  });

  it('a picture lets the viewer show and scale it, sandboxed', async () => {
    const res = await rig.get(rig.mediaPath(rig.cdn.urlFor(PHOTO), { k: 'image', f: 'instagram-photo-x.jpg' }));
    expect(res.status).toBe(200);
    const policy = directives(res.headers['content-security-policy']);
    expectNoScripts(policy);
    expect(policy.get('img-src')).toBe("'self'");
    expect(policy.get('style-src')).toBe("'unsafe-inline'");
    expect(policy.get('sandbox')).toBe('');
    expect(policy.has('media-src')).toBe(false);
  });

  it('a range and an attachment carry the same media policy', async () => {
    const path = rig.mediaPath(rig.cdn.urlFor(VIDEO));
    const inline = (await rig.get(path)).headers['content-security-policy'];
    expect((await rig.get(path, { range: 'bytes=0-99' })).headers['content-security-policy']).toBe(inline);
    expect((await rig.get(`${path}?download=1`)).headers['content-security-policy']).toBe(inline);
  });

  it('JSON answers keep the strict API policy, the media route\'s own errors too', async () => {
    const forged = await rig.get('/api/v1/media/not-a-token');
    expect(forged.headers['content-type']).toMatch(/^application\/json/);
    expect(forged.headers['content-security-policy']).toBe(API_CSP);
    rig.cdn.setFault('*', { kind: 'status', status: 404, times: 1 });
    const missing = await rig.get(rig.mediaPath(rig.cdn.urlFor(VIDEO)));
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(API_CSP);
    const health = await rig.get('/healthz');
    expect(health.headers['content-security-policy']).toBe(API_CSP);
    expect(API_CSP).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  });
});
