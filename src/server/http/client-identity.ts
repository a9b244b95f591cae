/**
 * Who a request is for, one identity everywhere (the rate limits, the egress budget's fair queue): the address by
 * its rate-limit key (an IPv6 client by its /64).
 */
import type { FastifyRequest } from 'fastify';
import { rateLimitKey } from './rate-limit-key.ts';

export function clientOf(request: FastifyRequest): string {
  return rateLimitKey(request.ip);
}
