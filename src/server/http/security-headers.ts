/**
 * Security headers on every response. Pages get their own CSP (with the hashes of their inline
 * scripts, see site.ts); media files get mediaCsp() from their routes; everything else gets the strict API policy set here.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * A media file opened on its own (Open in new tab): the browser builds a viewer document around it, which loads the
 * file again (media-src, img-src 'self') and styles itself inline (centred, scaled to the window); under API_CSP the
 * player stays empty. No script runs there in any case. Pictures are also sandboxed; a sandboxed video or audio
 * viewer plays nothing in Chromium (its element fetches the file with CORS from an opaque origin), so they are not.
 */
const VIEWER_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function mediaCsp(contentType: string): string {
  return contentType.startsWith('image/') ? `${VIEWER_CSP}; img-src 'self'; sandbox` : `${VIEWER_CSP}; media-src 'self'`;
}

/**
 * The headers every answer starts with, in order, for a request that came over https (`https` asked only when the
 * public origin does not say so already) or not. Names in lower case, as Fastify stores them: a mixed-case name is
 * lowered into a new string on every call. The resolve lane sends them too.
 */
export type SecurityHeaderList = readonly (readonly [string, string])[];
export type SecurityHeaders = <R>(request: R, https: (request: R) => boolean) => SecurityHeaderList;

export function securityHeadersOf(config: Config): SecurityHeaders {
  // The public origin says how browsers reach us, whatever the proxy in front tells (or TRUST_PROXY believes).
  const httpsOrigin = config.publicOrigin.startsWith('https:');
  const always = [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['content-security-policy', API_CSP],
  ] as const;
  const withHsts = [...always, ['strict-transport-security', 'max-age=31536000; includeSubDomains']] as const;
  return (request, https) => (httpsOrigin || https(request) ? withHsts : always);
}

const overHttps = (request: FastifyRequest) => request.protocol === 'https';

const plugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const headersFor = securityHeadersOf(config);
  // A callback hook, not an async one: it runs on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headersFor(request, overHttps)) reply.header(name, value);
    done();
  });
};

export const securityHeaders = fp(plugin, { name: 'security-headers' });
