/**
 * Issue 41 point 6: what each of a cached resolve's checks costs, from a CPU profile of the server under load.
 * Each sampled function's self time goes to the check its file or package belongs to, then per request (÷ the
 * requests answered while the profile ran). Self time only: a hook's runner is Fastify's, the socket write Node's.
 * Sampled time is wall time of the busy thread, so on a loaded machine it includes time the thread waited for a
 * core (mostly inside the kernel's write): compare the shares, and the app's figures with the bare Fastify's
 * (`npm run bench:profile fastify`) taken minutes apart.
 */
import type { Frame } from './cpu-profile.ts';

/** [check, what its places start with]; the first match wins. */
const CHECKS: [string, string[]][] = [
  ['rate limit', ['src/server/http/rate-limit', 'src/server/http/memo.ts', 'src/server/http/count-once.ts', 'src/server/http/resolve-lane/client-address.ts', '@fastify/proxy-addr']],
  ['access gate (keys, challenge, free lookups)', ['src/server/http/access/']],
  ['parsing (JSON, its charset)', ['secure-json-parse', 'src/server/http/json-charset.ts', 'src/server/http/resolve-lane/read-body.ts', '@fastify/compress']],
  ['validation (JSON type, URL length, zod)', ['zod', 'src/server/http/json-only.ts', 'src/server/http/request-limits.ts', 'src/shared/api-schemas.ts']],
  ['cache (link parse, resolver, resolution cache)', ['src/server/http/link-', 'src/server/extract/', 'src/server/store/', 'src/shared/']],
  ['encoding (the answer kept encoded)', ['src/server/http/encoded-answer.ts', 'src/server/http/content-encoding.ts', 'src/server/http/resolve.ts', 'src/server/http/resolve-presenter.ts', 'src/server/media/']],
  ['security headers, request id, metrics', ['src/server/http/security-headers.ts', 'src/server/http/request-metrics.ts', 'src/server/http/resolve-lane/answer.ts', 'src/server/http/resolve-lane/answer-head.ts', 'src/server/http/resolve-lane/whole-answer.ts', 'src/server/metrics.ts', 'src/server/route-histogram.ts', 'prom-client', 'node:internal/crypto']],
  ['the resolve lane (its body read, its decision)', ['src/server/http/resolve-lane/']],
  ['logging (a child logger per request)', ['pino', '@pinojs', 'fast-redact']],
  ['async context (Fastify\'s body parser\'s AsyncResource; the lookups\' AsyncLocalStorage until issue 41)', ['node:async_hooks', 'node:internal/async_hooks']],
  ['Fastify', ['fastify', 'find-my-way', 'avvio', '@fastify/', 'fast-json-stringify', 'light-my-request']],
  ['Node: HTTP, streams, events, timers', ['node:']],
];

export function checkOf(place: string, functionName: string): string {
  if (place === '(native)') return functionName === 'writev' || functionName === 'writeBuffer' ? 'socket writes (kernel, native)' : 'native: idle, GC, program';
  return CHECKS.find(([, prefixes]) => prefixes.some((p) => place.startsWith(p)))?.[0] ?? 'other';
}

/** Per check: µs per request (in Frame.selfMs) and share of the sampled time. */
export function costPerCheck(selfByPlaceAndName: { place: string; name: string; us: number }[], requests: number, totalUs: number): Frame[] {
  const byCheck = new Map<string, number>();
  for (const { place, name, us } of selfByPlaceAndName) {
    const check = checkOf(place, name);
    if (name === '(idle)') continue;
    byCheck.set(check, (byCheck.get(check) ?? 0) + us);
  }
  return [...byCheck]
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => ({ name, selfMs: requests > 0 ? us / requests : 0, share: us / totalUs }));
}
