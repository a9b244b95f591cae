/**
 * The fake upstream: real HTTP servers on loopback ports serving Instagram's web and api endpoints
 * (PROTOCOL) from the captured samples, the two optional providers, fault switches and request counts.
 * CDN URLs in every answer point at the fake CDN (test/fake-instagram/cdn.ts, started here unless an origin is given).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleForeign, handleStatic } from './bundles.ts';
import { startFakeCdn, type FakeCdn } from './cdn.ts';
import { TokenBook, type FakeContext } from './context.ts';
import { buildFixtures, type Fixtures } from './fixtures.ts';
import { handleProviders } from './providers.ts';
import { sendJson } from './respond.ts';
import { FakeCounts, FakeSwitches } from './switches.ts';
import { startTlsFace } from './tls-face.ts';
import { handleWeb } from './web.ts';
import { handleProfilePaths } from './profile-paths.ts';
import { handleThreads } from './threads/threads-web.ts';
import { handleUserFeeds } from './user-feeds.ts';
import { installUserFixtures } from './user-fixtures.ts';

export { FIXTURE } from './fixtures.ts';
export { PROFILE_FIXTURE, feedCode } from './user-fixtures.ts';
export type { Fact2026, Fault, FakeEndpoint } from './switches.ts';
export { POST_ENDPOINTS } from './switches.ts';
export { PROFILE_FACTS, type ProfileFact } from './profile-paths.ts';
export { THREADS_FIXTURE } from './threads/threads-fixtures.ts';

export interface FakeInstagramOptions {
  /** Origin of a running fake CDN; when absent, one is started (and closed with the fake). */
  cdnOrigin?: string;
  /** Serve the web origin over HTTPS (tls-face.ts), reading each ClientHello: for the browser-grade client's tests. */
  tls?: boolean;
}

export interface FakeInstagram {
  /** Instagram's web origin: pages, GraphQL and (as the web app id reaches them) the REST paths. */
  webOrigin: string;
  /** Threads' web origin (THREADS_WEB_ORIGIN): its pages and GraphQL (threads/threads-web.ts). */
  threadsOrigin: string;
  cdnOrigin: string;
  /** Origin of the fake third-party providers (autolink, story-info). */
  providerOrigin: string;
  /** Instagram's static origin (script bundles: IG_STATIC_ORIGIN), and a foreign host hostile pages may link. */
  staticOrigin: string;
  foreignOrigin: string;
  switches: FakeSwitches;
  counts: FakeCounts;
  /** With `tls`: per connection to the web origin, whether its ClientHello looked like a browser's. */
  tlsHellos?: boolean[];
  fixtures: Fixtures;
  /** The CDN started here (absent when an origin was given). */
  cdn?: FakeCdn;
  /** Every web token issued so far stops working. */
  rotateTokens(): void;
  /** Switches back to defaults, counts to zero, tokens forgotten. */
  reset(): void;
  close(): Promise<void>;
}

type Handler = (ctx: FakeContext, req: IncomingMessage, res: ServerResponse) => Promise<void>;

function handlerOf(ctx: FakeContext, handler: Handler) {
  return (req: IncomingMessage, res: ServerResponse) => {
    handler(ctx, req, res).catch((err: unknown) => {
      process.stderr.write(`fake-instagram: handler failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      sendJson(res, 500, { message: 'fake upstream error', status: 'fail' });
    });
  };
}

async function listen(ctx: FakeContext, handler: Handler): Promise<{ server: Server; origin: string }> {
  const server = createServer(handlerOf(ctx, handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function startFakeInstagram(options: FakeInstagramOptions = {}): Promise<FakeInstagram> {
  const cdn = options.cdnOrigin ? undefined : await startFakeCdn();
  const cdnOrigin = options.cdnOrigin ?? cdn!.origin;
  const fixtures = buildFixtures();
  const ctx: FakeContext = {
    fixtures,
    postsByPk: new Map([...fixtures.posts.values()].map((p) => [p.pk, p])),
    switches: new FakeSwitches(),
    counts: new FakeCounts(),
    tokens: new TokenBook(),
    webOrigin: '',
    threadsOrigin: '',
    cdnOrigin,
    staticOrigin: '',
    foreignOrigin: '',
    browserByPort: new Map(),
  };
  // The profile view's tray and feed (issue 30) answer before the rest of the web origin.
  const userFeeds = installUserFixtures(fixtures, ctx.postsByPk);
  ctx.userFeeds = userFeeds;
  const webHandler: Handler = async (c, req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (await handleProfilePaths(c, userFeeds, req, res, url)) return;
    if (!(await handleUserFeeds(c, userFeeds, req, res, url))) await handleWeb(c, req, res);
  };
  const face = options.tls ? await startTlsFace(handlerOf(ctx, webHandler), ctx.browserByPort) : undefined;
  const web = face ? undefined : await listen(ctx, webHandler);
  const webOrigin = face?.origin ?? web!.origin;
  const providers = await listen(ctx, handleProviders);
  const statics = await listen(ctx, handleStatic);
  const foreign = await listen(ctx, handleForeign);
  const threads = await listen(ctx, handleThreads);
  ctx.threadsOrigin = threads.origin;
  ctx.webOrigin = webOrigin;
  ctx.staticOrigin = statics.origin;
  ctx.foreignOrigin = foreign.origin;
  const servers = [...(web ? [web.server] : []), providers.server, statics.server, foreign.server, threads.server];
  return {
    webOrigin,
    threadsOrigin: threads.origin,
    ...(face ? { tlsHellos: face.hellos } : {}),
    cdnOrigin,
    providerOrigin: providers.origin,
    staticOrigin: statics.origin,
    foreignOrigin: foreign.origin,
    switches: ctx.switches,
    counts: ctx.counts,
    fixtures,
    cdn,
    rotateTokens: () => ctx.tokens.rotate(),
    reset() {
      ctx.switches.reset();
      ctx.counts.reset();
      ctx.tokens.rotate();
    },
    async close() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
      await face?.close();
      await cdn?.close();
    },
  };
}
