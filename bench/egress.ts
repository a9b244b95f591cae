/**
 * Issue 23's figures. What the browser-grade client costs: CPU µs per upstream request in this process, impit
 * against undici, the same GETs to the fake's HTTPS face (its own process, so its CPU is not counted). And what the
 * default budget allows: upstream requests per cold lookup, measured against the 2026 fake with the default chain,
 * and the cold lookups a minute N egresses sustain under IG_EGRESS_PER_MIN's default.
 */
import { loadConfig } from '../src/server/config.ts';
import { UpstreamClient } from '../src/server/extract/instagram/client.ts';
import { Resolver } from '../src/server/extract/resolver.ts';
import { parseLink } from '../src/shared/link.ts';
import { startFakeInstagram } from '../test/fake-instagram/index.ts';
import { startChildScript } from './children.ts';
import { row, type BenchRow } from './table.ts';

const REQUESTS = 400;

async function cpuPerRequest(client: 'impit' | 'undici', origin: string): Promise<number> {
  const upstream = new UpstreamClient({ webOrigin: origin, appId: '936619743392459', requestTimeoutMs: 10_000, egress: { client, insecureTls: true } });
  try {
    const send = () => upstream.send({ origin: 'web', path: '/api/v1/users/web_profile_info/?username=instagram' });
    for (let i = 0; i < 40; i++) await send(); // warm: connections, JIT
    const before = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) {
      const res = await send();
      if (res.status !== 200) throw new Error(`${client}: the fake answered ${res.status}`);
    }
    const used = process.cpuUsage(before);
    return (used.user + used.system) / REQUESTS;
  } finally {
    await upstream.close();
  }
}

async function requestsPerColdLookup(): Promise<number> {
  const fake = await startFakeInstagram();
  fake.switches.enable2026();
  const config = loadConfig({ IG_WEB_ORIGIN: fake.webOrigin, IG_STATIC_ORIGIN: fake.staticOrigin, MEDIA_TEST_ORIGINS: fake.cdnOrigin, IG_EGRESS_PER_MIN: '1000000', LOG_LEVEL: 'silent' });
  const resolver = new Resolver({ config, logger: { info: () => undefined, warn: () => undefined } });
  try {
    const codes = [...fake.fixtures.posts.keys()];
    for (const code of codes) {
      const parsed = parseLink(`https://www.instagram.com/p/${code}/`);
      if (parsed.ok) await resolver.resolve(parsed.link);
    }
    return fake.counts.times.length / codes.length;
  } finally {
    await resolver.close();
    await fake.close();
  }
}

export async function egressRows(): Promise<BenchRow[]> {
  const face = await startChildScript('fake-child.ts', ['tls']);
  let impit: number;
  let undici: number;
  try {
    // Alternate, so machine noise falls on both.
    undici = await cpuPerRequest('undici', face.url);
    impit = await cpuPerRequest('impit', face.url);
    undici = (undici + (await cpuPerRequest('undici', face.url))) / 2;
    impit = (impit + (await cpuPerRequest('impit', face.url))) / 2;
  } finally {
    await face.stop();
  }
  const perLookup = await requestsPerColdLookup();
  const perMinute = loadConfig({}).instagram.egress.perMinute;
  const lookups = (egresses: number) => (egresses * perMinute) / perLookup;
  return [
    row('23', 'client CPU per upstream request (HTTPS, keep-alive), impit', impit, 'µs', 'undici, same requests', undici),
    row('23', `upstream requests per cold lookup (2026 fake, default chain)`, perLookup, 'requests', 'one request', 1),
    row('23', `cold lookups a minute, 3 egresses at the default ${perMinute}/min`, lookups(3), 'lookups/min', '1 egress', lookups(1)),
    row('23', `cold lookups a minute, 10 egresses at the default ${perMinute}/min`, lookups(10), 'lookups/min', '1 egress', lookups(1)),
  ];
}
