/**
 * The client's address and scheme as Fastify's request reads them (request.ip, request.protocol), for a request the
 * lane answers without a Fastify request: the socket's, or with TRUST_PROXY=true (Fastify's `trustProxy: true`: every
 * hop trusted) the first address of X-Forwarded-For by the same library Fastify uses, and X-Forwarded-Proto's last
 * entry. lane.test.ts holds the two to the same rate-limit bucket and the same HSTS header.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';

const trustEveryHop = () => true;

export function clientAddressOf(trustProxy: boolean): (request: IncomingMessage) => string | undefined {
  if (!trustProxy) return (request) => request.socket.remoteAddress;
  return (request) => {
    const addresses = proxyAddr.all(request, trustEveryHop);
    return addresses[addresses.length - 1];
  };
}

export function httpsOf(trustProxy: boolean): (request: IncomingMessage) => boolean {
  const encrypted = (request: IncomingMessage) => Boolean((request.socket as TLSSocket).encrypted);
  if (!trustProxy) return encrypted;
  return (request) => {
    // Node joins a repeated X-Forwarded-Proto into one string, as Fastify reads it.
    const forwarded = request.headers['x-forwarded-proto'] as string | undefined;
    if (!forwarded) return encrypted(request);
    const last = forwarded.lastIndexOf(',');
    return (last === -1 ? forwarded.trim() : forwarded.slice(last + 1).trim()) === 'https';
  };
}
