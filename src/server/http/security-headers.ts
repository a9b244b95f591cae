/**
 * Security headers on every response. Pages get their own CSP (with the hashes of their inline
 * scripts, see site.ts); media files get mediaCsp() from their routes; everything else gets the strict API policy set here.
 */
import type { FastifyPluginAsync } from 'fastify';
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

const plugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  // The public origin says how browsers reach us, whatever the proxy in front tells (or TRUST_PROXY believes).
  const httpsOrigin = config.publicOrigin.startsWith('https:');
  // A callback hook, not an async one: it runs on every request, and an async hook costs a promise each time.
  // Names in lower case, as Fastify stores them: a mixed-case name is lowered into a new string on every call.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('content-security-policy', API_CSP);
    if (httpsOrigin || request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
};

export const securityHeaders = fp(plugin, { name: 'security-headers' });
