/**
 * Issue 40's figures: what a cold Threads lookup asks Threads, every request counted (its pages, `/`, GraphQL, and
 * the script bundles read when a doc id rotated), beside a cold Instagram photo lookup (2026 fake, default chain)
 * measured in the same run. Each lookup gets a new resolver, so nothing is warm: no cookies, no LSD token, the
 * default doc id. The goal for a Threads photo is at most 3 requests.
 */
import { loadConfig } from '../src/server/config.ts';
import { Resolver } from '../src/server/extract/resolver.ts';
import { parseLink } from '../src/shared/link.ts';
import { FIXTURE, startFakeInstagram, THREADS_FIXTURE, type FakeInstagram } from '../test/fake-instagram/index.ts';
import { formatTable, row, type BenchRow } from './table.ts';

export interface ColdLookup {
  /** Requests to Threads (fake.counts.threads()). */
  threads: number;
  /** Requests to Instagram's endpoints (fake.counts.times, as bench/egress.ts counts them). */
  instagram: number;
  ms: number;
}

async function coldLookup(fake: FakeInstagram, url: string): Promise<ColdLookup> {
  const config = loadConfig({
    IG_WEB_ORIGIN: fake.webOrigin,
    IG_STATIC_ORIGIN: fake.staticOrigin,
    MEDIA_TEST_ORIGINS: fake.cdnOrigin,
    IG_EGRESS_PER_MIN: '1000000',
    THREADS_WEB_ORIGIN: fake.threadsOrigin,
    THREADS_EGRESS_PER_MIN: '1000000',
    LOG_LEVEL: 'silent',
  });
  const resolver = new Resolver({ config, logger: { info: () => undefined, warn: () => undefined } });
  try {
    const parsed = parseLink(url);
    if (!parsed.ok) throw new Error(`not a link: ${url}`);
    fake.counts.reset();
    const started = performance.now();
    const raw = await resolver.resolve(parsed.link);
    const ms = performance.now() - started;
    if (raw.items.length === 0) throw new Error(`${url}: no items`);
    return { threads: fake.counts.threads(), instagram: fake.counts.times.length, ms };
  } finally {
    await resolver.close();
  }
}

export interface ThreadsFigures {
  instagramPhoto: ColdLookup;
  photo: ColdLookup;
  carousel: ColdLookup;
  /** The page is the gating shell: `/` and GraphQL. */
  gatedPhoto: ColdLookup;
  /** The gating shell and a rotated doc id: the bundles are read too. */
  rotatedPhoto: ColdLookup;
}

export async function threadsFigures(): Promise<ThreadsFigures> {
  const fake = await startFakeInstagram();
  const thread = (code: string) => `https://www.threads.com/@${THREADS_FIXTURE.user}/post/${code}`;
  try {
    fake.switches.enable2026();
    // Warm the process (JIT, the TLS client) on other posts, so neither timed lookup pays for it.
    await coldLookup(fake, `https://www.instagram.com/p/${FIXTURE.reel}/`);
    await coldLookup(fake, thread(THREADS_FIXTURE.video));
    const instagramPhoto = await coldLookup(fake, `https://www.instagram.com/p/${FIXTURE.image}/`);
    const photo = await coldLookup(fake, thread(THREADS_FIXTURE.photo));
    const carousel = await coldLookup(fake, thread(THREADS_FIXTURE.carousel));
    fake.switches.threads.add('gating-shell');
    const gatedPhoto = await coldLookup(fake, thread(THREADS_FIXTURE.photo));
    fake.switches.rotateThreadsDocId();
    const rotatedPhoto = await coldLookup(fake, thread(THREADS_FIXTURE.photo));
    return { instagramPhoto, photo, carousel, gatedPhoto, rotatedPhoto };
  } finally {
    await fake.close();
  }
}

export async function threadsRows(): Promise<BenchRow[]> {
  const f = await threadsFigures();
  const baseline = 'Instagram requests, cold photo lookup (2026 fake, default chain)';
  const ig = f.instagramPhoto.instagram;
  return [
    row('40', 'Threads requests, cold photo lookup (its page answers)', f.photo.threads, 'requests', baseline, ig, 'goal ≤ 3'),
    row('40', 'Threads requests, cold carousel lookup (its page answers)', f.carousel.threads, 'requests', baseline, ig),
    row('40', 'Threads requests, cold photo lookup behind the gating shell (/ and GraphQL)', f.gatedPhoto.threads, 'requests', baseline, ig, 'goal ≤ 3'),
    row('40', 'Threads requests, cold photo lookup, gating shell and a rotated doc id (bundles read)', f.rotatedPhoto.threads, 'requests', baseline, ig),
    row('40', 'cold Threads photo lookup, time (loopback fake)', f.photo.ms, 'ms', 'cold Instagram photo lookup', f.instagramPhoto.ms),
  ];
}

if (process.argv[1]?.endsWith('threads.ts')) {
  threadsRows().then(
    (rows) => {
      console.log(formatTable(rows));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
