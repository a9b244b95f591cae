/**
 * Security headers on every response. Pages get their own CSP (with the hashes of their inline
 * scripts, see site.ts); everything else gets the strict API policy set here.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

const plugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  // The public origin says how browsers reach us, whatever the proxy in front tells (or TRUST_PROXY believes).
  const httpsOrigin = config.publicOrigin.startsWith('https:');
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Content-Security-Policy', API_CSP);
    if (httpsOrigin || request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
};

export const securityHeaders = fp(plugin, { name: 'security-headers' });
