/**
 * Who a request is for, one identity everywhere (the rate limits, the egress budget's fair queue): its API key when
 * it brings one it may use here, otherwise its address by rate-limit key (an IPv6 client by its /64). `request.access`
 * says which key, worked out once per request and only when the request has an Authorization header.
 */
import type { FastifyRequest } from 'fastify';
import { rateLimitKey } from '../rate-limit-key.ts';
import type { KeyTable } from './api-keys.ts';
import { matchKey, NO_KEY, type KeyMatch } from './key-match.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key this request brings, and whether it may use it (access/plugin.ts decorates it). */
    readonly access?: KeyMatch;
  }
}

const NO_KEYS: KeyTable = new Map();

export function clientOf(request: FastifyRequest): string {
  const access = request.access;
  return access?.status === 'ok' ? access.key.client : rateLimitKey(request.ip);
}

/** The `access` getter for a key table (none: no key is ever valid). */
export function accessGetter(keys: (() => KeyTable) | undefined): (this: FastifyRequest) => KeyMatch {
  const seen = new WeakMap<FastifyRequest, KeyMatch>();
  return function access(this: FastifyRequest): KeyMatch {
    const authorization = this.headers.authorization;
    if (authorization === undefined) return NO_KEY;
    let match = seen.get(this);
    if (!match) {
      match = matchKey(keys ? keys() : NO_KEYS, authorization, this.ip, this.headers['user-agent']);
      seen.set(this, match);
    }
    return match;
  };
}
