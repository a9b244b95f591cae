/**
 * Joined (muxed) download figures, on real 1080p media: a ~100 MB DASH pair made once with ffmpeg (a dense
 * 10-second 1080×1920 source looped by stream copy, ~8 Mbit/s like a real Full HD reel, and an AAC track).
 * - throughput of GET /api/v1/mux on the pair ÷ the plain proxy on the same two files (target ≥ 0.7);
 * - the server's CPU seconds per GB joined;
 * - the server's RSS growth during 20 concurrent joined downloads of the pair (target ≤ 150 MB).
 * The fake CDN and the app run in their own processes, as in bench/media.ts. MUX_BENCH_PROF=dir writes the app
 * process's CPU profile there (node --cpu-prof).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent } from 'undici';
import { makeLongTracks } from '../test/fake-instagram/long-media.ts';
import { signMediaToken } from '../src/server/media/token.ts';
import { download, MB, SECRET, startChild } from './media.ts';
import type { ParentMessage } from './media-child.ts';

export interface MuxBenchFigures {
  pairMB: number;
  proxiedMBps: number;
  muxedMBps: number;
  ratio: number;
  target: number;
  cpuSecondsPerGB: number;
  concurrent: { downloads: number; rssBaselineMB: number; rssPeakMB: number; rssGrowthMB: number; target: number; seconds: number };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function seconds(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

export async function benchMux(): Promise<MuxBenchFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gramsave-bench-mux-'));
  const pair = makeLongTracks(100, { dense: true, dir });
  const pairBytes = statSync(pair.video).size + statSync(pair.audio).size;
  const cdn = await startChild(['cdn', '0', `/bench/video.mp4=${pair.video},/bench/audio.m4a=${pair.audio}`]);
  const app = await startChild(['app', cdn.url, SECRET], process.env.MUX_BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.MUX_BENCH_PROF] : []);
  const agent = new Agent({ connections: 64, keepAliveTimeout: 5_000 });
  const e = Math.floor(Date.now() / 1000) + 3600;
  const video = `${cdn.url}/bench/video.mp4?oe=${e.toString(16)}`;
  const audio = `${cdn.url}/bench/audio.m4a?oe=${e.toString(16)}`;
  const proxied = (u: string, f: string) => `${app.url}/api/v1/media/${signMediaToken(SECRET, { t: 'm', k: 'video', u, f, e })}?download=1`;
  const muxed = `${app.url}/api/v1/mux/${signMediaToken(SECRET, { t: 'x', u: video, a: audio, f: 'bench.mp4', e })}`;
  const cpu = async () => {
    const answer = await app.ask({ type: 'rss-report' });
    if (answer.type !== 'rss') throw new Error('no CPU figures');
    return answer.cpuMs;
  };
  try {
    // Warm-up, then best of three each, alternating.
    await download(agent, muxed);
    await download(agent, proxied(video, 'v.mp4'));
    let proxyTime = Infinity;
    let muxTime = Infinity;
    let muxedBytes = 0;
    let cpuMs = 0;
    for (let i = 0; i < 3; i++) {
      proxyTime = Math.min(proxyTime, await seconds(async () => {
        await download(agent, proxied(video, 'v.mp4'), statSync(pair.video).size);
        await download(agent, proxied(audio, 'a.m4a'), statSync(pair.audio).size);
      }));
      const before = await cpu();
      muxTime = Math.min(muxTime, await seconds(async () => (muxedBytes = await download(agent, muxed))));
      cpuMs += (await cpu()) - before;
    }

    const baseline = await app.ask({ type: 'rss-reset' });
    const downloads = 20;
    const concurrentSeconds = await seconds(() => Promise.all(Array.from({ length: downloads }, () => download(agent, muxed))));
    const after = await app.ask({ type: 'rss-report' });
    if (baseline.type !== 'rss' || after.type !== 'rss') throw new Error('no RSS figures');
    const growth = (after.peak - baseline.current) / MB;

    const proxiedMBps = pairBytes / MB / proxyTime;
    const muxedMBps = pairBytes / MB / muxTime;
    return {
      pairMB: round(pairBytes / MB),
      proxiedMBps: round(proxiedMBps),
      muxedMBps: round(muxedMBps),
      ratio: round(muxedMBps / proxiedMBps, 3),
      target: 0.7,
      cpuSecondsPerGB: round(cpuMs / 1000 / 3 / (muxedBytes / 1024 ** 3), 2),
      concurrent: {
        downloads,
        rssBaselineMB: round(baseline.current / MB),
        rssPeakMB: round(after.peak / MB),
        rssGrowthMB: round(growth),
        target: 150,
        seconds: round(concurrentSeconds, 2),
      },
    };
  } finally {
    await agent.close();
    for (const child of [app, cdn]) {
      child.process.send({ type: 'stop' } satisfies ParentMessage);
      await new Promise((resolve) => child.process.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  void benchMux().then((figures) => {
    console.log(JSON.stringify(figures, null, 2));
    process.exit(0);
  });
}
