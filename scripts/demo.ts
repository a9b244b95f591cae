/**
 * `npm run demo`: the whole product wired to the fake Instagram on loopback (web, api, CDN and providers
 * from test/fake-instagram/samples), on PORT (default 8080), with a list of links to paste. The site is built
 * (or rebuilt) for the demo's own origin first when it needs to be (demo-build.ts).
 * Nothing here reaches the real Instagram.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { ConfigError, loadConfig, type Config } from '../src/server/config.ts';
import { ensureDemoBuild } from './demo-build.ts';
import { demoTables } from './demo-table.ts';
import { THREADS_FAILURES, THREADS_LINKS } from './demo-threads.ts';
import { FIXTURE, PROFILE_FIXTURE, startFakeInstagram } from '../test/fake-instagram/index.ts';

const IG = 'https://www.instagram.com';
const port = Number(process.env.PORT ?? 8080);
const origin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
if (!ensureDemoBuild({ ...process.env, PUBLIC_ORIGIN: origin }, (line) => process.stdout.write(`${line}\n`))) {
  process.stderr.write('The build failed; see above.\n');
  process.exit(1);
}
const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'gramsave-demo-'));

const fake = await startFakeInstagram();
// A few failures to try, switched on in the fake.
// The fake answers the way Instagram does since June 2026 (retired query, Polaris HTML, walls at /, …).
fake.switches.enable2026();
const WALLED = FIXTURE.fullCarousels[11]!;
fake.switches.set('PrivatePost1', 'private').set('RateLimited1', 'rate_limited').set(WALLED, 'home_redirect');

let config: Config;
try {
  config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: process.env.HOST ?? '127.0.0.1',
    PUBLIC_ORIGIN: origin,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATA_DIR: dataDir,
    IG_WEB_ORIGIN: fake.webOrigin,
    IG_STATIC_ORIGIN: fake.staticOrigin,
    // Threads links go to the fake's Threads face too, never to threads.com.
    THREADS_WEB_ORIGIN: fake.threadsOrigin,
    MEDIA_TEST_ORIGINS: fake.cdnOrigin,
    IG_SESSIONID: 'fake',
    // One visitor pasting batches of twenty: more than one real egress would take.
    IG_EGRESS_PER_MIN: '600',
    // Posts are looked up logged out, as most instances run them (a session would see past the login wall);
    // the session serves stories, highlights and full-size profile pictures.
    IG_STRATEGIES: 'graphql-web-info,polaris-media,permalink,embed',
  });
} catch (err) {
  await fake.close();
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(1);
}

const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : port;
const base = `http://localhost:${actualPort}`;

const links: [string, string][] = [
  ['Photo post', `${IG}/p/${FIXTURE.image}/`],
  ['Carousel (image, video, image)', `${IG}/p/${FIXTURE.carousel}/`],
  ['Carousel (image + 3 videos)', `${IG}/p/${FIXTURE.v1Carousel}/`],
  ['Reel (with separate audio track)', `${IG}/reel/${FIXTURE.v1Reel}/`],
  ['Reel (2025 capture)', `${IG}/reel/${FIXTURE.reel2025}/`],
  ['Reel in Full HD (1080p video + sound joined)', `${IG}/reel/${FIXTURE.dashReel}/`],
  ['IGTV video', `${IG}/tv/${FIXTURE.igtv}/`],
  ['Story, one item', `${IG}/stories/${FIXTURE.storyUser}/${FIXTURE.storyItemId}/`],
  ['Stories, all current items', `${IG}/stories/${FIXTURE.storyUser}/`],
  ['Highlight', `${IG}/stories/highlights/${FIXTURE.highlightId}/`],
  ['Profile picture (profile page)', 'instagram   or   @manchesterunited'],
  ['Whole profile (story page)', `${PROFILE_FIXTURE.user}   (stories, 2 highlight albums, 30 posts, one ZIP)`],
  ['Share link → carousel', `${IG}/share/${FIXTURE.shareToPost}/`],
  ['Mirror + tracking params', `https://ddinstagram.com/p/${FIXTURE.image}/?igsh=demo`],
];
const failures: [string, string][] = [
  ['Private account', `${IG}/p/PrivatePost1/`],
  ['Private profile (story page)', PROFILE_FIXTURE.privateUser],
  ['Deleted / wrong code', `${IG}/p/DeletedPost1/`],
  ['Rate limited', `${IG}/p/RateLimited1/`],
  ['Login wall (a public post, sent to /)', `${IG}/p/${WALLED}/`],
  ['Share link leaving Instagram', `${IG}/share/${FIXTURE.shareOffsite}/`],
  ['Not served (hashtag page)', `${IG}/explore/tags/cats/`],
  ['Not Instagram', 'https://example.com/p/abc/'],
];
const [linkTable, failureTable, threadsTable, threadsFailureTable] = demoTables([links, failures, THREADS_LINKS, THREADS_FAILURES]);

process.stdout.write(
  [
    '',
    `Gramsave demo running at ${base}`,
    `  fake Instagram web ${fake.webOrigin} · Threads ${fake.threadsOrigin} · CDN ${fake.cdnOrigin}`,
    `  open ${base}/ (or a tool page such as ${base}/instagram-reels-downloader) and paste a link`,
    '',
    'Links to paste:',
    linkTable,
    '',
    'Failures to try:',
    failureTable,
    '',
    `Threads links (any box, or ${base}/threads-downloader):`,
    threadsTable,
    '',
    'Threads failures to try:',
    threadsFailureTable,
    '',
    'Ctrl+C stops the demo.',
    '',
  ].join('\n'),
);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await app.close();
  await fake.close();
  if (!process.env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
