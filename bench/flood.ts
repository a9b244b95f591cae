/**
 * Issue 32's flood: many addresses asking for posts that do not exist (each a cold lookup that spends the egress
 * budget), and one visitor looking up real posts meanwhile, every one cold. The visitor's latency under the flood
 * against the same visitor alone, at the default budget (IG_EGRESS_PER_MIN, IG_EGRESS_MAX_WAIT_MS) and the default
 * resolve limit per address, behind a proxy (TRUST_PROXY: each flooder its own X-Forwarded-For address).
 */
import { randomBytes } from 'node:crypto';
import { startServerChild } from './children.ts';
import { JSON_HEADERS, resolveBody } from './resolve.ts';
import { row, type BenchRow } from './table.ts';

/** The fake's posts (test/fake-instagram/fixtures.ts): each visitor lookup is a post not yet cached. */
const VISITOR_POSTS = ['B866lKJgReK', 'CDmDQNtlRYt', 'CAOK1qJgfRM', 'CAanWEbg_do', 'DFp17y5MymE', 'CjoroLDKakw', 'CjoJvU1oQuH', 'Cji5EVwNDcC', 'DQfullHD108',
  ...Array.from({ length: 11 }, (_, i) => `FULLcarou${String(i).padStart(2, '0')}`)];
const FLOODERS = 20;
const PER_FLOODER = 2;
const VISITOR_GAP_MS = 1500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function post(base: string, address: string, shortcode: string): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/resolve`, { method: 'POST', headers: { ...JSON_HEADERS, 'x-forwarded-for': address }, body: resolveBody(shortcode) });
  const body = await res.text();
  return { status: res.status, ms: performance.now() - started, body };
}

interface VisitorFigures {
  p50: number;
  p99: number;
  served: number;
  asked: number;
}

async function visitor(base: string): Promise<VisitorFigures> {
  const times: number[] = [];
  let served = 0;
  for (const code of VISITOR_POSTS) {
    const answer = await post(base, '192.0.2.7', code);
    times.push(answer.ms);
    if (answer.status === 200) served++;
    await sleep(VISITOR_GAP_MS);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), served, asked: VISITOR_POSTS.length };
}

export async function floodFigures(): Promise<{ alone: VisitorFigures; flooded: VisitorFigures; floodRequests: number }> {
  // The product's defaults, which the bench child otherwise lifts for throughput figures.
  const env = { TRUST_PROXY: 'true', RATE_LIMIT_RESOLVE_PER_MIN: '30', IG_EGRESS_PER_MIN: '60', IG_EGRESS_MAX_WAIT_MS: '3000' };
  let server = await startServerChild({ env });
  let alone: VisitorFigures;
  try {
    alone = await visitor(server.url);
  } finally {
    await server.stop();
  }
  server = await startServerChild({ env });
  let flooding = true;
  let floodRequests = 0;
  const flooder = async (address: string) => {
    while (flooding) {
      const answer = await post(server.url, address, randomBytes(8).toString('base64url').slice(0, 11)).catch(() => undefined);
      floodRequests++;
      // The rate limit's 429 costs the server nothing; a real flooder would go on at once, this one spares the CPU.
      if (!answer || answer.status === 429) await sleep(200);
    }
  };
  const floods = Array.from({ length: FLOODERS * PER_FLOODER }, (_, i) => flooder(`10.32.${Math.floor(i / PER_FLOODER)}.1`));
  try {
    await sleep(5000); // the burst is spent and the queue full before the visitor comes
    const flooded = await visitor(server.url);
    return { alone, flooded, floodRequests };
  } finally {
    flooding = false;
    await Promise.all(floods);
    await server.stop();
  }
}

export async function floodRows(): Promise<BenchRow[]> {
  const { alone, flooded, floodRequests } = await floodFigures();
  const note = `${flooded.served}/${flooded.asked} served under the flood (${alone.served}/${alone.asked} alone); ${floodRequests} flood requests`;
  return [
    row('32', `visitor's cold lookup p50, ${FLOODERS} addresses flooding missing posts`, flooded.p50, 'ms', 'the visitor alone', alone.p50, note),
    row('32', `visitor's cold lookup p99, ${FLOODERS} addresses flooding missing posts`, flooded.p99, 'ms', 'the visitor alone', alone.p99),
  ];
}

if (process.argv[1]?.endsWith('flood.ts')) {
  void floodFigures().then(
    (figures) => {
      console.log(JSON.stringify(figures));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
