/**
 * Media proxy figures: throughput of a 100 MB download through the proxy relative to fetching it
 * straight from the fake CDN (same client, same run; target ≥ 0.85), the server's RSS growth during
 * 100 concurrent 20 MB downloads (target ≤ 100 MB), and ZIP throughput. The fake CDN and the app each
 * run in their own process, so the RSS is the server's alone.
 *
 * The ratio is measured twice: against a CDN that sends as fast as loopback allows (several GB/s: the
 * proxy, which must read and write every byte, is then CPU-bound against a client that only reads), and
 * against a CDN limited to LINK_MB_PER_S per download, the order of a real CDN link.
 *
 * At loopback speed a third path runs beside them: a bare TCP relay (media-child.ts `relay`). On this 2-core
 * machine a proxy's extra process and its second pass of every byte through the kernel share the cores with
 * the CDN and the client, so direct ÷ relay is the ceiling for any proxy here; proxy ÷ relay and the two CPU
 * costs per GB show how much of that ceiling the proxy reaches.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { signMediaToken } from '../src/server/media/token.ts';
import type { ChildMessage, ParentMessage } from './media-child.ts';
import { serverEnv } from '../scripts/server-env.mjs';

export const MB = 1024 * 1024;
export const SECRET = 'bench-secret-0123456789-abcdefghijklmnop';
const LINK_MB_PER_S = 200;
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'media-child.ts');

interface RatioFigures {
  directMBps: number;
  proxiedMBps: number;
  ratio: number;
  pass: boolean;
}

export interface MediaBenchFigures {
  proxyThroughput: {
    fileMB: number;
    target: number;
    /** CDN unthrottled (loopback speed); the bare relay beside the proxy. */
    unthrottled: RatioFigures & { serverCpuMsPer100MB: number; relayMBps: number; relayCpuMsPer100MB: number };
    /** CDN limited to linkMBps per download. */
    atLinkRate: RatioFigures & { linkMBps: number };
  };
  concurrentMemory: {
    downloads: number;
    fileMB: number;
    seconds: number;
    aggregateMBps: number;
    rssBaselineMB: number;
    rssPeakMB: number;
    rssGrowthMB: number;
    target: number;
    pass: boolean;
  };
  zip: { items: number; totalMB: number; seconds: number; MBps: number };
}

export interface Child {
  process: ChildProcess;
  url: string;
  ask(message: ParentMessage): Promise<ChildMessage>;
}

/**
 * nodeArgs: extra Node flags (bench/profile.ts profiles the app child with --cpu-prof). worktree: another checkout's
 * media child, its own app code (bench/media-rounds.ts's --against).
 */
export async function startChild(args: string[], nodeArgs: string[] = [], worktree?: string): Promise<Child> {
  const script = worktree ? path.join(worktree, 'bench/media-child.ts') : CHILD;
  // Every child starts as `npm start` and the image start the server (server-env.mjs): the relay and the CDN too, so
  // that the proxy is measured against floors that run as it does.
  const child = fork(script, args, { ...(worktree ? { cwd: worktree } : {}), env: serverEnv(), execArgv: ['--import', 'tsx', '--expose-gc', ...nodeArgs], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () =>
    new Promise<ChildMessage>((resolve, reject) => {
      // One exit listener per question, taken off with its answer: a run asks dozens of questions, and kept
      // listeners set off Node's MaxListenersExceededWarning.
      const exited = (code: number | null) => reject(new Error(`${script} exited (${code})`));
      child.once('exit', exited);
      child.once('message', (m) => (child.off('exit', exited), resolve(m as ChildMessage)));
    });
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('bench child did not start');
  return {
    process: child,
    url: ready.url,
    ask(message) {
      const answer = next();
      child.send(message);
      return answer;
    },
  };
}

/** Downloads a URL, discarding the bytes; returns the byte count (checked when `expected` is given). */
export async function download(agent: Agent, url: string, expected?: number): Promise<number> {
  const res = await request(url, { dispatcher: agent });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Buffer).length;
  if (expected !== undefined && bytes !== expected) throw new Error(`${url}: ${bytes} of ${expected} bytes`);
  return bytes;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = process.hrtime.bigint();
  const value = await work();
  return { value, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Direct vs proxied download of `url`, alternating, best of `runs` each. */
async function compare(agent: Agent, url: string, proxiedUrl: string, runs: number): Promise<RatioFigures> {
  const [direct, viaProxy] = await bestSeconds(agent, [url, proxiedUrl], runs);
  return ratioFigures(direct!, viaProxy!);
}

/** Two best times for 100 MB as throughputs and their ratio against the target. */
function ratioFigures(directSeconds: number, proxiedSeconds: number): RatioFigures {
  const ratio = directSeconds / proxiedSeconds;
  return { directMBps: round(100 / directSeconds), proxiedMBps: round(100 / proxiedSeconds), ratio: round(ratio, 3), pass: ratio >= 0.85 };
}

/** Each URL's best time for a 100 MB download, the URLs taking turns `runs` times. */
async function bestSeconds(agent: Agent, urls: string[], runs: number): Promise<number[]> {
  const best = urls.map(() => Infinity);
  for (let i = 0; i < runs; i++) {
    for (const [n, url] of urls.entries()) best[n] = Math.min(best[n]!, (await timed(() => download(agent, url, 100 * MB))).seconds);
  }
  return best;
}

async function cpuMsOf(child: Child): Promise<number> {
  const report = await child.ask({ type: 'rss-report' });
  if (report.type !== 'rss') throw new Error('no CPU figures');
  return report.cpuMs;
}

export async function benchMedia(): Promise<MediaBenchFigures> {
  const cdn = await startChild(['cdn']);
  const linkCdn = await startChild(['cdn', String(LINK_MB_PER_S * MB)]);
  const app = await startChild(['app', `${cdn.url},${linkCdn.url}`, SECRET]);
  const relay = await startChild(['relay', cdn.url]);
  const agent = new Agent({ connections: 200, keepAliveTimeout: 5_000 });
  const oe = (Math.floor(Date.now() / 1000) + 86_400).toString(16);
  const cdnUrl = (p: string, origin = cdn.url) => `${origin}/scontent.cdninstagram.com${p}?oe=${oe}`;
  const proxied = (url: string, f: string) =>
    `${app.url}/api/v1/media/${signMediaToken(SECRET, { t: 'm', k: 'video', u: url, f, e: Math.floor(Date.now() / 1000) + 3600 })}?download=1`;

  try {
    // 1. One 100 MB file: direct, through the bare relay and through the proxy, taking turns, best of 5 each;
    //    the relay's and the app's CPU over their 5 downloads. Then direct vs proxied behind a link-rate CDN.
    const big = cdnUrl(`/big/${100 * MB}/throughput.mp4`);
    const relayed = big.replace(cdn.url, relay.url);
    const proxiedBig = proxied(big, 'big.mp4');
    await download(agent, proxied(cdnUrl('/warmup.mp4'), 'w.mp4'));
    await download(agent, proxiedBig);
    await download(agent, relayed);
    const [appCpuBefore, relayCpuBefore] = [await cpuMsOf(app), await cpuMsOf(relay)];
    const [directS, relayS, proxyS] = await bestSeconds(agent, [big, relayed, proxiedBig], 5);
    const [appCpuAfter, relayCpuAfter] = [await cpuMsOf(app), await cpuMsOf(relay)];
    const unthrottled = {
      ...ratioFigures(directS!, proxyS!),
      relayMBps: round(100 / relayS!),
      serverCpuMsPer100MB: round((appCpuAfter - appCpuBefore) / 5),
      relayCpuMsPer100MB: round((relayCpuAfter - relayCpuBefore) / 5),
    };
    const linked = cdnUrl(`/big/${100 * MB}/link.mp4`, linkCdn.url);
    const atLinkRate = await compare(agent, linked, proxied(linked, 'link.mp4'), 2);

    // 2. 100 concurrent 20 MB downloads; the server's RSS sampled every 25 ms.
    const baseline = await app.ask({ type: 'rss-reset' });
    const urls = Array.from({ length: 100 }, (_, i) => proxied(cdnUrl(`/big/${20 * MB}/concurrent-${i}.mp4`), `c${i}.mp4`));
    const concurrent = await timed(() => Promise.all(urls.map((u) => download(agent, u, 20 * MB))));
    const after = await app.ask({ type: 'rss-report' });
    if (baseline.type !== 'rss' || after.type !== 'rss') throw new Error('no RSS figures');
    const growth = (after.peak - baseline.current) / MB;

    // 3. A ZIP of ten 20 MB items (after one warm-up); best of three.
    const items = Array.from({ length: 10 }, (_, i) => ({ u: cdnUrl(`/big/${20 * MB}/zip-${i}.mp4`), f: `${i}.mp4` }));
    const token = signMediaToken(SECRET, { t: 'z', n: 'bench.zip', e: Math.floor(Date.now() / 1000) + 3600, i: items });
    const zipUrl = `${app.url}/api/v1/zip/${token}`;
    await download(agent, zipUrl);
    let zip = await timed(() => download(agent, zipUrl));
    for (let i = 0; i < 2; i++) {
      const again = await timed(() => download(agent, zipUrl));
      if (again.seconds < zip.seconds) zip = again;
    }

    return {
      proxyThroughput: {
        fileMB: 100,
        target: 0.85,
        unthrottled,
        atLinkRate: { ...atLinkRate, linkMBps: LINK_MB_PER_S },
      },
      concurrentMemory: {
        downloads: 100,
        fileMB: 20,
        seconds: round(concurrent.seconds, 2),
        aggregateMBps: round((100 * 20) / concurrent.seconds),
        rssBaselineMB: round(baseline.current / MB),
        rssPeakMB: round(after.peak / MB),
        rssGrowthMB: round(growth),
        target: 100,
        pass: growth <= 100,
      },
      zip: { items: 10, totalMB: round(zip.value / MB), seconds: round(zip.seconds, 2), MBps: round(zip.value / MB / zip.seconds) },
    };
  } finally {
    await agent.close();
    for (const child of [app, relay, cdn, linkCdn]) {
      child.process.send({ type: 'stop' } satisfies ParentMessage);
      await new Promise((resolve) => child.process.once('exit', resolve));
    }
  }
}
