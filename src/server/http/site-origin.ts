/**
 * The prerendered site on the operator's PUBLIC_ORIGIN, without a build: the pages and their route data carry the
 * origin the build was made for (canonical, hreflang, Open Graph, structured data, the root loader's data). When the
 * configured origin differs, a copy of those files with the origin written in, precompressed like the build's
 * (scripts/compress-build.mjs), is made once at start in a writable place (TMPDIR, a tmpfs in the image), and every
 * other file is linked to the build. The server then serves that copy exactly as it serves a build. The operator's
 * ADS_CLIENT, when set, is written into the same copy's pages (site-ads.ts): a build carries none.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { adsClientInserter } from './site-ads.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The files that carry the origin: pages and the route data the browser fetches on navigation. */
const CARRIES_ORIGIN = /\.(html|data)$/;
const PAGE = /\.html$/;
/**
 * Copies beside files of 1 KB and more, as the build makes them, but at start-up's cost: brotli 5 and gzip 6 rather
 * than the build's 7 and 9. On 40 pages brotli 5 took a quarter to an eighth of 7's CPU for 0.9 % more bytes
 * (473 KB against 469 KB), gzip 6 three quarters of 9's for the same size.
 */
const MIN_BYTES = 1024;
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
const CANONICAL = /<link rel="canonical" href="([^"]+)"/;
/** What an origin written into HTML attributes, JSON and JavaScript strings may hold: nothing that needs escaping. */
const SAFE_ORIGIN = /^https?:\/\/[A-Za-z0-9.\-_~%[\]:]+(\/[A-Za-z0-9.\-_~%/]*)?$/;

export interface SiteForOrigin {
  /** The directory to serve: the build itself when it already carries the origin. */
  dir: string;
  builtFor?: string;
  /** Pages and data files written (0 when the build was served as it is or an earlier copy was found). */
  rewritten: number;
}

/** The origin a build was made for, from its home page's canonical link; undefined without a build. */
export function builtOrigin(buildDir: string): string | undefined {
  const index = path.join(buildDir, 'index.html');
  if (!existsSync(index)) return undefined;
  const href = CANONICAL.exec(readFileSync(index, 'utf8'))?.[1];
  return href?.replace(/\/+$/, '');
}

export interface OperatorPageSettings {
  /** ADS_CLIENT: written into every page's head. */
  adsClient?: string;
}

export async function siteForOrigin(buildDir: string, origin: string, workDir = os.tmpdir(), settings: OperatorPageSettings = {}): Promise<SiteForOrigin> {
  const builtFor = builtOrigin(buildDir);
  const wanted = origin.replace(/\/+$/, '');
  const { adsClient } = settings;
  if (builtFor === undefined || (builtFor === wanted && !adsClient)) return { dir: buildDir, builtFor, rewritten: 0 };
  if (!SAFE_ORIGIN.test(wanted)) throw new Error(`PUBLIC_ORIGIN ${JSON.stringify(origin)} cannot be written into the pages: use a plain origin such as https://example.com`);

  // One copy per build and origin: a restart with the same TMPDIR (no tmpfs) finds it ready.
  const stamp = createHash('sha256').update(readFileSync(path.join(buildDir, 'index.html'))).update(`\0${path.resolve(buildDir)}\0${wanted}\0${adsClient ?? ''}`).digest('hex').slice(0, 16);
  const dir = path.join(workDir, `gramsave-site-${stamp}`);
  if (existsSync(dir)) return { dir, builtFor, rewritten: 0 };

  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const rewrite = originRewriter(builtFor, wanted);
  const insertAds = adsClient ? adsClientInserter(adsClient) : (html: string) => html;
  // With the build's own origin only the pages change (the ad client); the route data is linked as it is.
  const rewrites = builtFor === wanted ? PAGE : CARRIES_ORIGIN;
  const writes: (() => Promise<void>)[] = [];
  copyTree(path.resolve(buildDir), partial, rewrites, (from, to) => {
    writes.push(async () => {
      const read = rewrite(readFileSync(from, 'utf8'));
      const text = PAGE.test(from) ? insertAds(read) : read;
      const raw = Buffer.from(text);
      await writeFile(to, raw);
      if (raw.length < MIN_BYTES) return;
      const params = { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length };
      const [br, gz] = await Promise.all([brotli(raw, { params }), gzipAsync(raw, { level: GZIP_LEVEL })]);
      await Promise.all([writeFile(`${to}.br`, br), writeFile(`${to}.gz`, gz)]);
    });
  });
  // zlib runs on libuv's threads: as many files at once as the machine has cores.
  await runLimited(writes, Math.max(1, os.availableParallelism()));
  renameSync(partial, dir);
  return { dir, builtFor, rewritten: writes.length };
}

/** Every occurrence of the build's origin as a whole (not the start of a longer host or port), replaced. */
export function originRewriter(from: string, to: string): (text: string) => string {
  const pattern = new RegExp(`${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9.:_-])`, 'g');
  return (text) => text.replace(pattern, to);
}

/** Directories made anew; the files `rewrites` names handed to `rewrite`; every other file linked to the build's. */
function copyTree(from: string, to: string, rewrites: RegExp, rewrite: (from: string, to: string) => void): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const source = path.join(from, name);
    const target = path.join(to, name);
    if (statSync(source).isDirectory()) copyTree(source, target, rewrites, rewrite);
    else if (rewrites.test(name)) rewrite(source, target);
    else if (!rewrites.test(name.replace(/\.(br|gz)$/, ''))) symlinkSync(source, target); // the rest; a rewritten file's copies are made anew
  }
}

async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}
