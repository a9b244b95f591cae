/**
 * `npx tsx bench/media-rounds.ts [rounds] [--against <worktree>]`: issue 41 point 7's figure alone. One 100 MB file
 * at loopback speed, direct from the fake CDN, through the bare TCP relay and through the proxy, in alternating rounds
 * (the order reversed every other round); each figure is the median of its rounds, and proxy ÷ relay the median of the
 * rounds' own ratios, so that this machine's drift from one minute to the next stays out of it. With --against, the app
 * of another worktree (an older commit checked out there, its node_modules linked) runs as a fourth path in the same
 * rounds: the bisect's comparison (new ÷ old, throughput and CPU per 100 MB).
 */
import path from 'node:path';
import { Agent } from 'undici';
import { signMediaToken } from '../src/server/media/token.ts';
import type { ParentMessage } from './media-child.ts';
import { download, MB, SECRET, startChild, type Child } from './media.ts';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface PathFigures {
  MBps: number;
  /** Its process's CPU per 100 MB (user + system), ms; none for direct (the CDN's own). */
  cpuMsPer100MB?: number;
}

export async function mediaRounds(rounds = 9, against?: string): Promise<{ paths: Record<string, PathFigures>; ratios: Record<string, number> }> {
  const cdn = await startChild(['cdn']);
  const app = await startChild(['app', cdn.url, SECRET]);
  const relay = await startChild(['relay', cdn.url]);
  const old = against ? await startChild(['app', cdn.url, SECRET], [], against) : undefined;
  const agent = new Agent({ keepAliveTimeout: 5_000 });
  try {
    const oe = (Math.floor(Date.now() / 1000) + 86_400).toString(16);
    const big = `${cdn.url}/scontent.cdninstagram.com/big/${100 * MB}/throughput.mp4?oe=${oe}`;
    const token = signMediaToken(SECRET, { t: 'm', k: 'video', u: big, f: 'big.mp4', e: Math.floor(Date.now() / 1000) + 3600 });
    const paths: [string, string, Child | undefined][] = [
      ['direct', big, undefined],
      ['relay', big.replace(cdn.url, relay.url), relay],
      ['proxy', `${app.url}/api/v1/media/${token}?download=1`, app],
      ...(old ? [['old proxy', `${old.url}/api/v1/media/${token}?download=1`, old] as [string, string, Child]] : []),
    ];
    const cpuMs = async (child: Child) => {
      const report = await child.ask({ type: 'rss-report' });
      if (report.type !== 'rss') throw new Error('no CPU figures');
      return report.cpuMs;
    };
    for (const [, url] of paths) await download(agent, url, 100 * MB); // warm-up
    const MBps = new Map<string, number[]>(paths.map(([name]) => [name, []]));
    const cpu = new Map<string, number[]>(paths.map(([name]) => [name, []]));
    for (let round = 0; round < rounds; round++) {
      for (const [name, url, child] of round % 2 ? [...paths].reverse() : paths) {
        const before = child && (await cpuMs(child));
        const started = process.hrtime.bigint();
        await download(agent, url, 100 * MB);
        MBps.get(name)!.push(100 / (Number(process.hrtime.bigint() - started) / 1e9));
        if (child) cpu.get(name)!.push((await cpuMs(child)) - before!);
      }
    }
    const perRound = (a: string, b: string, m: Map<string, number[]>) => median(m.get(a)!.map((x, i) => x / m.get(b)![i]!));
    return {
      paths: Object.fromEntries(paths.map(([name, , child]) => [name, { MBps: median(MBps.get(name)!), ...(child ? { cpuMsPer100MB: median(cpu.get(name)!) } : {}) }])),
      ratios: {
        'proxy ÷ relay (throughput)': perRound('proxy', 'relay', MBps),
        'proxy ÷ relay (CPU per 100 MB)': perRound('proxy', 'relay', cpu),
        'relay ÷ direct (throughput)': perRound('relay', 'direct', MBps),
        ...(old ? { 'proxy ÷ old proxy (throughput)': perRound('proxy', 'old proxy', MBps), 'proxy ÷ old proxy (CPU per 100 MB)': perRound('proxy', 'old proxy', cpu) } : {}),
      },
    };
  } finally {
    await agent.close();
    for (const child of [app, relay, ...(old ? [old] : []), cdn]) {
      child.process.send({ type: 'stop' } satisfies ParentMessage);
      await new Promise((resolve) => child.process.once('exit', resolve));
    }
  }
}

if (process.argv[1]?.endsWith('media-rounds.ts')) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--against');
  const against = at >= 0 ? path.resolve(args[at + 1]!) : undefined;
  const rounds = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--against') ?? 9);
  void mediaRounds(rounds, against).then(
    ({ paths, ratios }) => {
      process.stdout.write(`100 MB at loopback speed, median of ${rounds} alternating rounds\n`);
      for (const [name, f] of Object.entries(paths)) {
        process.stdout.write(`${name.padEnd(10)} ${f.MBps.toFixed(0).padStart(5)} MB/s${f.cpuMsPer100MB === undefined ? '' : `  ${f.cpuMsPer100MB.toFixed(0).padStart(5)} CPU ms per 100 MB`}\n`);
      }
      for (const [name, ratio] of Object.entries(ratios)) process.stdout.write(`${name}: ${ratio.toFixed(3)}\n`);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
