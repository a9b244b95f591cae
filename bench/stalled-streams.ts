/**
 * What stalled downloads cost the server process (issue 38 point 7): STALLED clients each ask for a 100 MB video
 * through the proxy, read the response head and stop reading, as a slow-reader flood does. The proxy pipes with
 * backpressure, so the process holds only its stream buffers per download while the rest waits in the CDN; what the
 * kernel's socket buffers hold is outside the process and bounded by tcp_wmem/tcp_rmem (docs/deploy.md). Figures:
 * the server's RSS growth with them open, against its RSS before, and per stalled download. The CDN and the app run
 * in their own processes (bench/media-child.ts), so the RSS is the server's alone. `npx tsx bench/stalled-streams.ts`.
 */
import net from 'node:net';
import { signMediaToken } from '../src/server/media/token.ts';
import { MB, SECRET, startChild, type Child } from './media.ts';

export const STALLED = 100;
const FILE_MB = 100;
/** Long enough for every buffer on the way to fill (the stall timeout, 30 s, is far off). */
const SETTLE_MS = 4000;

export interface StalledFigures {
  stalled: number;
  fileMB: number;
  rssBaselineMB: number;
  rssGrowthMB: number;
  perStreamKB: number;
}

/** A client that reads the response head, then nothing more. */
function stall(url: string): Promise<net.Socket> {
  const { port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`GET ${pathname}${search} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    socket.once('data', (head) => {
      socket.pause();
      if (!/^HTTP\/1\.1 200/.test(head.toString('latin1'))) reject(new Error(`stalled download: ${head.toString('latin1').slice(0, 40)}`));
      else resolve(socket);
    });
    socket.once('error', reject);
  });
}

const rssOf = async (child: Child) => {
  const report = await child.ask({ type: 'rss-report' });
  if (report.type !== 'rss') throw new Error('no RSS figures');
  return report.current;
};

export async function benchStalledStreams(): Promise<StalledFigures> {
  const cdn = await startChild(['cdn']);
  const app = await startChild(['app', cdn.url, SECRET]);
  const sockets: net.Socket[] = [];
  try {
    const proxied = (i: number) =>
      `${app.url}/api/v1/media/${signMediaToken(SECRET, { t: 'm', k: 'video', u: `${cdn.url}/big/${FILE_MB * MB}/stalled-${i}.mp4`, f: `s${i}.mp4`, e: Math.floor(Date.now() / 1000) + 3600 })}?download=1`;
    // One download first, so that the code paths are loaded before the baseline.
    (await stall(proxied(-1))).destroy();
    const before = await app.ask({ type: 'rss-reset' });
    if (before.type !== 'rss') throw new Error('no RSS figures');
    for (let i = 0; i < STALLED; i++) sockets.push(await stall(proxied(i)));
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const growth = (await rssOf(app)) - before.current;
    return {
      stalled: STALLED,
      fileMB: FILE_MB,
      rssBaselineMB: Math.round(before.current / MB),
      rssGrowthMB: Math.round((growth / MB) * 10) / 10,
      perStreamKB: Math.round(growth / STALLED / 1024),
    };
  } finally {
    for (const socket of sockets) socket.destroy();
    for (const child of [app, cdn]) child.process.send({ type: 'stop' });
  }
}

if (process.argv[1]?.endsWith('stalled-streams.ts')) {
  benchStalledStreams().then(
    (figures) => console.log(JSON.stringify(figures)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
