/**
 * Fuzzing the public API: thousands of seeded malformed requests against the real app on loopback (with
 * the fake upstream behind it) → never a 5xx, never a dropped connection, always a JSON error body (or a
 * 2xx/3xx for the rare valid input), and the heap stays flat. Rate limits are set high: this tests parsing.
 */
import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMediaToken } from '../src/server/media/token.ts';
import { fakeUpstreamEnv, RIG_SECRET, startApp, type AppRig } from './app-rig.ts';
import { startFakeInstagram, type FakeInstagram } from './fake-instagram/index.ts';
import { fuzzCase, HOSTILE_SITE_PATHS, hostileSitePath, seededRng, type FuzzCase } from './fuzz-inputs.ts';

const SEED = 0x5eed_2024;
const CASES = 5200;
const WARMUP = 600;
const CONCURRENCY = 8;

let fake: FakeInstagram;
let rig: AppRig;
let pool: Pool;
beforeAll(async () => {
  fake = await startFakeInstagram();
  rig = await startApp({
    env: {
      ...fakeUpstreamEnv(fake),
      RATE_LIMIT_RESOLVE_PER_MIN: '1000000',
      RATE_LIMIT_MEDIA_PER_MIN: '1000000',
      RATE_LIMIT_CONTACT_PER_HOUR: '1000000',
    },
  });
  pool = new Pool(rig.base, { connections: CONCURRENCY, pipelining: 1, keepAliveTimeout: 5000 });
});
afterAll(async () => {
  await pool?.close();
  await rig?.close();
  await fake?.close();
});

interface Outcome {
  status: number;
  /** Why the answer breaks the rules, if it does. */
  problem?: string;
}

function judge(status: number, method: string, contentType: string | undefined, body: string): string | undefined {
  if (status >= 500) return `status ${status}: ${body.slice(0, 200)}`;
  if (status < 400 || method === 'HEAD') return undefined;
  if (!contentType?.includes('application/json')) return `status ${status} without a JSON content type (${contentType})`;
  try {
    const parsed = JSON.parse(body) as { status?: unknown; error?: { code?: unknown; message?: unknown } };
    // POST / speaks cobalt's API (src/server/http/cobalt/): its errors carry an `error.api.*` code and no message.
    const cobalt = parsed.status === 'error' && typeof parsed.error?.code === 'string' && parsed.error.code.startsWith('error.api.');
    if (!cobalt && (typeof parsed.error?.code !== 'string' || typeof parsed.error.message !== 'string')) return `status ${status}: not an error body: ${body.slice(0, 200)}`;
  } catch {
    return `status ${status}: body is not JSON: ${body.slice(0, 200)}`;
  }
  return undefined;
}

async function sendHttp(c: Extract<FuzzCase, { kind: 'http' }>): Promise<Outcome> {
  try {
    const res = await pool.request({ method: c.method, path: c.path, headers: c.headers, body: c.body, headersTimeout: 10_000, bodyTimeout: 10_000 });
    const body = await res.body.text();
    const type = res.headers['content-type'];
    return { status: res.statusCode, problem: judge(res.statusCode, c.method, Array.isArray(type) ? type[0] : type, body) };
  } catch (err) {
    return { status: 0, problem: `dropped: ${(err as Error).message} (${c.method} ${c.path.slice(0, 80)})` };
  }
}

/** Raw bytes on a fresh socket; the client half-closes, so the server answers and then closes. */
function sendRaw(bytes: Buffer): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(rig.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      if (!match) return resolve({ status: 0, problem: `raw: no HTTP answer to ${JSON.stringify(bytes.subarray(0, 60).toString('latin1'))}` });
      const status = Number(match[1]);
      const head = text.slice(0, text.indexOf('\r\n\r\n'));
      const type = /\r\ncontent-type: ([^\r\n]*)/i.exec(head)?.[1];
      const bodyStart = text.indexOf('\r\n\r\n') + 4;
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? text.length - bodyStart);
      const method = bytes.subarray(0, 5).toString('latin1').startsWith('HEAD') ? 'HEAD' : 'GET';
      resolve({ status, problem: judge(status, method, type, text.slice(bodyStart, bodyStart + length)) });
    };
    socket.on('connect', () => socket.end(bytes));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', finish);
    socket.on('error', () => undefined); // an RST after the answer is fine; finish() judges what arrived
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

async function runCases(cases: FuzzCase[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      const c = cases[i]!;
      outcomes[i] = c.kind === 'raw' ? await sendRaw(c.bytes) : await sendHttp(c);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

describe('fuzzing /api/v1/resolve, /media, /zip, /batch and /contact', () => {
  it(`${CASES} seeded malformed requests: no 5xx, no dropped connection, JSON errors, flat heap`, { timeout: 90_000 }, async () => {
    const now = Math.floor(Date.now() / 1000);
    const file = (name: string) => ({ u: `${fake.cdnOrigin}/scontent.cdninstagram.com/v/${name}?oe=${(now + 86_400).toString(16)}`, f: name });
    const tokens = {
      media: ['a.jpg', 'b.mp4', 'c.jpg'].map((n) => signMediaToken(RIG_SECRET, { t: 'm', k: n.endsWith('mp4') ? 'video' : 'image', e: now + 3600, ...file(n) })),
      zip: [
        signMediaToken(RIG_SECRET, { t: 'z', n: 'instagram-x-y', e: now + 3600, i: [file('a.jpg'), file('d.jpg')] }),
        // A batch link: the same route, its posts looked up again when the archive is made.
        signMediaToken(RIG_SECRET, { t: 'b', n: 'instagram-batch', e: now + 3600, l: [{ u: 'https://www.instagram.com/p/B866lKJgReK/' }], m: [{ u: 'x', r: 'gone' }] }),
      ],
    };
    const rng = seededRng(SEED);
    const cases = Array.from({ length: CASES }, () => fuzzCase(rng, tokens));

    const warm = await runCases(cases.slice(0, WARMUP));
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    const rest = await runCases(cases.slice(WARMUP));
    collectGarbage();
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;

    const outcomes = [...warm, ...rest];
    const problems = outcomes.filter((o) => o.problem).map((o) => o.problem!);
    expect(problems.slice(0, 10), `${problems.length} of ${outcomes.length} answers broke the rules`).toEqual([]);
    const byClass = (lo: number, hi: number) => outcomes.filter((o) => o.status >= lo && o.status < hi).length;
    // The run must exercise the parsers, not just one refusal: several kinds of 4xx and some successes.
    expect(new Set(outcomes.map((o) => o.status)).size).toBeGreaterThanOrEqual(6);
    expect(byClass(400, 500)).toBeGreaterThan(CASES * 0.8);
    expect(byClass(200, 400)).toBeGreaterThan(0);
    // The heap after GC: the same app state as after warm-up, give or take caches filling (bounded LRUs).
    expect(heapGrowth, `heap grew by ${(heapGrowth / 1e6).toFixed(1)} MB`).toBeLessThan(24 * 1024 * 1024);
    // The app still answers normally afterwards.
    const health = await pool.request({ method: 'GET', path: '/healthz' });
    expect(health.statusCode).toBe(200);
    await health.body.dump();
  });
});

describe('fuzzing the site\'s redirect rules', () => {
  it('hostile paths: never a 5xx, and every redirect stays on our origin', { timeout: 60_000 }, async () => {
    const rng = seededRng(SEED + 1);
    const paths = [...HOSTILE_SITE_PATHS, ...Array.from({ length: 400 }, () => hostileSitePath(rng))];
    const problems: string[] = [];
    for (const path of paths) {
      const res = await pool.request({ method: 'GET', path });
      await res.body.dump();
      const location = res.headers.location;
      if (res.statusCode >= 500) problems.push(`${path}: ${res.statusCode}`);
      if (typeof location === 'string' && (!/^\/(?![/\\])[\x21-\x7e]*$/.test(location) || new URL(location, 'https://gramsave.example').host !== 'gramsave.example')) {
        problems.push(`${path}: Location ${location}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
