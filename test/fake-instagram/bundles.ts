/**
 * The fake static origin: Instagram's script bundles as the web pages link them, with the Relay operation modules
 * that hold the GraphQL doc ids among many other modules — and the hostile variants doc-id discovery must survive.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeContext } from './context.ts';
import { sendHtml } from './respond.ts';
import { threadsBundle } from './threads/threads-bundles.ts';

/** What the pages' bundles hold (FakeSwitches.bundles). */
export type BundleMode = 'normal' | 'huge' | 'no-match' | 'comment-only' | 'wrong-length' | 'foreign-host';

const OPERATIONS = {
  shortcode: 'PolarisPostActionLoadPostQueryQuery',
  webInfo: 'PolarisPostRootQuery',
  polaris: 'PolarisLoggedOutDesktopWWWPostRootContentQuery',
  profilePosts: 'PolarisProfilePostsTabContentQuery_connection',
  stories: 'PolarisStoriesV3ReelPageGalleryQuery',
  profilePage: 'PolarisProfilePageContentQuery',
} as const;

const relayModule = (operation: string, id: string) =>
  `__d("${operation}_instagramRelayOperation",[],(function(a,b,c,d,e,f){e.exports="${id}"}),null);\n`;

/** Ordinary modules: what surrounds the operations in a real bundle (and what discovery must skip over). */
function fillerModules(seed: string, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += `__d("PolarisFiller${seed}${i}",["React","PolarisConfig"],(function(a,b,c,d,e,f){"use strict";var g=b("React");function h(a){return g.jsx("div",{className:"x${i}",children:a.title})}f.exports=h}),98);\n`;
  }
  return out;
}

const BUNDLE_NAMES = ['PolarisApp', 'PolarisPost', 'PolarisRelay'] as const;

/** The script tags a page carries, per mode. */
export function bundleTags(ctx: FakeContext): string {
  const tags = BUNDLE_NAMES.map((name) => `<script src="${ctx.staticOrigin}/rsrc.php/v3/y4/r/${name}.js" async="1" crossorigin="anonymous"></script>`);
  if (ctx.switches.bundles === 'foreign-host') tags.push(`<script src="${ctx.foreignOrigin}/rsrc.php/v3/y4/r/PolarisRelayOps.js"></script>`);
  if (ctx.switches.bundles === 'huge') tags.unshift(`<script src="${ctx.staticOrigin}/rsrc.php/v3/y4/r/PolarisHuge.js"></script>`);
  return tags.join('');
}

function relayBundle(ctx: FakeContext): string {
  const ids = ctx.switches.docIds;
  const modules = (Object.keys(OPERATIONS) as (keyof typeof OPERATIONS)[]).map((op) => relayModule(OPERATIONS[op], ids[op]));
  switch (ctx.switches.bundles) {
    case 'normal':
      return fillerModules('R', 300) + modules.join('') + fillerModules('S', 200);
    case 'comment-only':
      return fillerModules('R', 100) + `/* moved:\n${modules.join('')}*/\n// ${modules[0]}` + fillerModules('S', 100);
    case 'wrong-length':
      return fillerModules('R', 100) + relayModule(OPERATIONS.shortcode, '123') + relayModule(OPERATIONS.webInfo, '9'.repeat(30)) + relayModule(OPERATIONS.polaris, 'abc');
    default:
      return fillerModules('R', 300);
  }
}

/** GET on the static origin. */
export async function handleStatic(ctx: FakeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const name = /^\/rsrc\.php\/v3\/y4\/r\/([A-Za-z]+)\.js$/.exec(new URL(req.url ?? '/', 'http://fake').pathname)?.[1];
  ctx.counts.hit('static', name);
  if (req.method !== 'GET' || !name) return sendHtml(res, 404, 'not found');
  res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' });
  if (name === 'PolarisHuge') {
    // 10 MB, streamed: more than discovery reads of one bundle.
    const chunk = fillerModules('H', 200);
    for (let sent = 0; sent < 10 * 1024 * 1024 && !res.destroyed; sent += chunk.length) {
      if (!res.write(chunk)) await drainedOrClosed(res);
    }
    return void res.end();
  }
  res.end(threadsBundle(ctx, name) ?? (name === 'PolarisRelay' ? relayBundle(ctx) : fillerModules(name, 400)));
}

/** Waits for room in the socket or its end, and leaves no listener behind: one per write added up past Node's 10. */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}

/** The foreign origin a hostile page links: discovery must never fetch from it. */
export async function handleForeign(ctx: FakeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  ctx.counts.hit('foreign');
  res.writeHead(200, { 'content-type': 'application/javascript' });
  const ids = ctx.switches.docIds;
  res.end(relayModule(OPERATIONS.shortcode, ids.shortcode) + relayModule(OPERATIONS.webInfo, ids.webInfo) + relayModule(OPERATIONS.polaris, ids.polaris));
}
