/**
 * `npx tsx bench/async-resources.ts`: the async resources (promises, ticks, timers…) a cached resolve creates,
 * counted with async_hooks over 2,000 requests on one keep-alive connection, against GET /healthz on the same
 * server. A count, not a time: it does not move with the machine's load (this 2-core machine runs four engineers'
 * tests), so it shows what a change to the fast path saves when its req/s cannot. The client (undici) runs in this
 * process too, and its share is in both figures. Its own hook is on while it counts, so it cannot show what an
 * enabled async hook costs each promise (lookup-client.test.ts checks that a lookup turns none on).
 */
import { createHook } from 'node:async_hooks';
import { Agent, request } from 'undici';
import { fakeUpstreamEnv, startApp } from '../test/app-rig.ts';
import { FIXTURE, startFakeInstagram } from '../test/fake-instagram/index.ts';
import { JSON_HEADERS, resolveBody } from './resolve.ts';

const REQUESTS = 2_000;

const fake = await startFakeInstagram();
const rig = await startApp({ env: { ...fakeUpstreamEnv(fake), RATE_LIMIT_RESOLVE_PER_MIN: '100000000' } });
const agent = new Agent({ connections: 1 });
const get = async (path: string, init: { method?: 'POST'; headers?: Record<string, string>; body?: string } = {}) => {
  const res = await request(`${rig.base}${path}`, { ...init, dispatcher: agent });
  await res.body.arrayBuffer();
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
};
const resolve = () => get('/api/v1/resolve', { method: 'POST', headers: JSON_HEADERS, body: resolveBody(FIXTURE.image) });

const counts = new Map<string, number>();
const hook = createHook({ init: (_id, type) => void counts.set(type, (counts.get(type) ?? 0) + 1) });
async function countOf(run: () => Promise<void>): Promise<Map<string, number>> {
  for (let i = 0; i < 200; i++) await run(); // the cache filled, the code warm
  counts.clear();
  hook.enable();
  for (let i = 0; i < REQUESTS; i++) await run();
  hook.disable();
  return new Map(counts);
}

try {
  const resolved = await countOf(resolve);
  const health = await countOf(() => get('/healthz'));
  const per = (m: Map<string, number>, type: string) => ((m.get(type) ?? 0) / REQUESTS).toFixed(1);
  process.stdout.write(`async resources per request (${REQUESTS} each; client and server together): cached POST /api/v1/resolve against GET /healthz\n`);
  for (const type of new Set([...resolved.keys(), ...health.keys()])) process.stdout.write(`${type.padEnd(24)} ${per(resolved, type).padStart(5)}  ${per(health, type).padStart(5)}\n`);
} finally {
  await agent.close();
  await rig.close();
  await fake.close();
}
process.exit(0);
